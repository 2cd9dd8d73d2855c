import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable', async () => {
    const response = await t.app.inject({ url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 database_unavailable by itself when the database does not answer', async () => {
    // Stalled until the test ends, then failed, as a real query timeout would: the outbox worker or
    // another background task that queries meanwhile must get an answer, or closing the app waits for it.
    let timeOut!: (error: Error) => void;
    const stall = new Promise((_resolve, reject) => (timeOut = reject));
    stall.catch(() => {});
    const stalled = vi.spyOn(t.db, 'execute').mockReturnValue(stall as never);
    try {
      const response = await t.app.inject({ url: '/api/health' });

      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ error: { code: 'database_unavailable' } });
    } finally {
      stalled.mockRestore();
      timeOut(new Error('the stalled query timed out'));
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
