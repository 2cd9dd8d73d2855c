import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable', async () => {
    const response = await t.app.inject({ url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
