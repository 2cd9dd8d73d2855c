import { describe, expect, it } from 'vitest';
import { ORIGIN, signIn } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// A file of its own: the counters are per database, and these tests use them up on purpose.
const t = useTestApp({ seed: false });

describe('rate limits', () => {
  it('never limits session reads: 150 get-session calls from one address all succeed', async () => {
    const statuses = new Set<number>();
    for (let call = 0; call < 150; call += 1) {
      statuses.add((await t.app.inject({ method: 'GET', url: '/api/auth/get-session' })).statusCode);
    }

    expect([...statuses]).toEqual([200]);
  });

  it('stops password guessing: the 11th sign-in within a minute from one address gets 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await signIn(t.app, 'victim@example.com', `guess ${attempt}`)).statusCode);
    }

    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits reset requests to 5 a minute', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN },
        payload: { email: 'someone@example.com', redirectTo: '/reset-password' },
      });
      statuses.push(response.statusCode);
    }

    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts a client address that claims to be someone else through X-Forwarded-For as itself', async () => {
    // Its own address, so its count starts at zero whatever ran before; each attempt claims another.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '192.0.2.77',
        headers: { origin: ORIGIN, 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        payload: { email: 'victim@example.com', password: `another guess ${attempt}` },
      });
      statuses.push(response.statusCode);
    }

    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
