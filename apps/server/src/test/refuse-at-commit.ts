import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

let counter = 0;

/**
 * Makes the database refuse to commit any transaction that inserts or updates a row of `table` matching
 * `condition` (SQL over `new`), through a deferred constraint trigger: it fires at COMMIT, after every
 * statement of the transaction (the change and its activity entry) has run. Returns the undo.
 */
export async function refuseAtCommit(
  db: Database,
  table: PgTable,
  condition: string,
): Promise<() => Promise<void>> {
  counter += 1;
  const name = `test_refuse_at_commit_${counter}`;
  const target = `"${getTableName(table)}"`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${condition} then raise exception 'refused at commit by a test'; end if;
        return null;
      end $$`),
  );
  await db.execute(
    sql.raw(`create constraint trigger ${name} after insert or update on ${target}
      deferrable initially deferred for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${target}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
