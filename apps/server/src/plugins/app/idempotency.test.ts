import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { idempotencyKeys, user } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { createIdempotency, type Idempotency } from './idempotency';

describe('idempotent writes', () => {
  let handle: DatabaseHandle;
  let idempotency: Idempotency;
  const ada = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    handle = await createTestDatabase();
    await prepareDatabase(handle, { seed: false });
    await handle.db.insert(user).values([
      { id: ada, name: 'Ada', email: 'ada@example.com' },
      { id: bob, name: 'Bob', email: 'bob@example.com' },
    ]);
    await handle.db.execute(sql`create table writes (id serial primary key, note text not null)`);
    idempotency = createIdempotency(handle.db);
  });
  afterAll(() => handle?.close());

  // Both engines answer a raw query with `{ rows }`; the shared Database type does not say so.
  const firstRow = <T>(result: unknown) => (result as { rows: T[] }).rows[0]!;

  const countWrites = async () =>
    firstRow<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from writes`)).n;

  /** A write that leaves a row behind, as placing an order does, and answers with the row's id. */
  const write = (note: string) => async (tx: typeof handle.db) => {
    const { id } = firstRow<{ id: number }>(
      await tx.execute(sql`insert into writes (note) values (${note}) returning id`),
    );
    return { statusCode: 201, body: { id, note } };
  };

  const request = (userId: string, key: string | undefined, body: unknown) => ({
    userId,
    key,
    method: 'POST',
    url: '/api/order',
    body,
  });

  it('answers a retry with the first answer and writes once', async () => {
    const before = await countWrites();
    const first = await idempotency.run(request(ada, 'k-1', { quantity: 5 }), write('a'));
    const retry = await idempotency.run(request(ada, 'k-1', { quantity: 5 }), write('a'));
    expect(first).toMatchObject({ statusCode: 201, replayed: false });
    expect(retry).toEqual({ ...first, replayed: true });
    expect(await countWrites()).toBe(before + 1);
  });

  it('treats bodies that differ only in key order as the same request', async () => {
    const first = await idempotency.run(request(ada, 'k-order', { a: 1, b: 2 }), write('x'));
    const retry = await idempotency.run(request(ada, 'k-order', { b: 2, a: 1 }), write('x'));
    expect(retry.body).toEqual(first.body);
    expect(retry.replayed).toBe(true);
  });

  it('refuses the same key for another request', async () => {
    await idempotency.run(request(ada, 'k-2', { quantity: 5 }), write('b'));
    await expect(idempotency.run(request(ada, 'k-2', { quantity: 6 }), write('b'))).rejects.toMatchObject({
      statusCode: 422,
      code: 'idempotency_key_reused',
    });
  });

  it("keeps each user's keys apart", async () => {
    const before = await countWrites();
    const adas = await idempotency.run(request(ada, 'shared-key', { quantity: 5 }), write('c'));
    const bobs = await idempotency.run(request(bob, 'shared-key', { quantity: 5 }), write('c'));
    expect(bobs.replayed).toBe(false);
    expect(bobs.body).not.toEqual(adas.body);
    expect(await countWrites()).toBe(before + 2);
  });

  it('keeps no answer for a write that failed, so the retry runs it', async () => {
    await expect(
      idempotency.run(request(ada, 'k-3', { quantity: 5 }), async () => {
        throw new Error('out of stock');
      }),
    ).rejects.toThrow('out of stock');
    const retry = await idempotency.run(request(ada, 'k-3', { quantity: 5 }), write('d'));
    expect(retry.replayed).toBe(false);
  });

  it('runs every write without a key', async () => {
    const before = await countWrites();
    await idempotency.run(request(ada, undefined, {}), write('e'));
    await idempotency.run(request(ada, undefined, {}), write('e'));
    expect(await countWrites()).toBe(before + 2);
  });

  it('forgets keys after their keeping time', async () => {
    await idempotency.run(request(ada, 'old', {}), write('f'));
    await handle.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` });
    await idempotency.run(request(ada, 'new', {}), write('g'));
    expect(await idempotency.sweep()).toBeGreaterThanOrEqual(1);
    const retry = await idempotency.run(request(ada, 'new', {}), write('g'));
    expect(retry.replayed).toBe(true);
  });

  // Only PostgreSQL runs transactions side by side: PGlite would pass this even without the row lock, so
  // the test is registered only there (nothing is reported as skipped).
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    it('lets only one of many concurrent retries write; the others get its answer', async () => {
      const before = await countWrites();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => idempotency.run(request(bob, 'race', { quantity: 9 }), write('r'))),
      );
      expect(await countWrites()).toBe(before + 1);
      expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    });
  }
});
