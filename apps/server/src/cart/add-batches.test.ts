import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { createTool } from '../test/catalogue';
import { createTestDatabase } from '../test/test-database';
import { createCartService, hashVisitorToken, newVisitorToken, type CartService } from './service';

// Adds that arrive together go to the database as one call (decision 070): each must still be answered
// with its own cart, and one the database refuses must fail alone.

let handle: DatabaseHandle;
let cartService: CartService;

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrate(handle.db, handle.engine);
  cartService = createCartService(handle.db);
}, 60_000);
afterAll(() => handle?.close());

const visitor = () => ({ tokenHash: hashVisitorToken(newVisitorToken()) });

describe('adds sent together (decision 070)', () => {
  it("answers each visitor's add with that visitor's cart, refusals included", async () => {
    const tools = await Promise.all(
      Array.from({ length: 8 }, () => createTool(handle.db, { minimumOrder: 2 })),
    );
    const visitors = tools.map(visitor);

    const answers = await Promise.allSettled(
      tools.map((tool, i) =>
        // The third visitor asks for fewer than the tool's minimum order.
        cartService.addLine(visitors[i]!, { toolId: tool.id, quantity: i === 2 ? 1 : i + 2 }),
      ),
    );

    answers.forEach((answer, i) => {
      if (i === 2) {
        expect(answer).toMatchObject({ status: 'rejected', reason: { statusCode: 400 } });
        return;
      }
      expect(answer.status).toBe('fulfilled');
      const cart = (answer as PromiseFulfilledResult<Awaited<ReturnType<CartService['addLine']>>>).value;
      expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([[tools[i]!.id, i + 2]]);
    });
    expect((await cartService.read(visitors[2]!)).lines).toEqual([]);
  });

  it('fails only the add the database refuses when the others were sent with it', async () => {
    const good = await createTool(handle.db);
    const refused = await createTool(handle.db);
    // A fault only this tool's lines meet, as an unforeseen error of the database would be.
    await handle.db.execute(sql`
      create function test_refuse_line() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await handle.db.execute(
      sql.raw(`
      create trigger test_refuse_line before insert on cart_lines for each row
      when (new.tool_id = '${refused.id}') execute function test_refuse_line()`),
    );
    const visitors = Array.from({ length: 6 }, visitor);

    const answers = await Promise.allSettled(
      visitors.map((owner, i) =>
        cartService.addLine(owner, { toolId: i === 3 ? refused.id : good.id, quantity: 1 }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const [i, owner] of visitors.entries()) {
      const expected = i === 3 ? [] : [[good.id, 1]];
      const cart = await cartService.read(owner);
      expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual(expected);
    }
  });
});
