import { access, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { createDataDirApart } from './pglite-memory';
import { prepareDatabase } from './prepare';

const freshDir = () => mkdtemp(path.join(tmpdir(), 'toolshop-pglite-'));

const setting = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) => {
  const { rows } = (await db.execute(sql`select current_setting(${name}) as value`)) as unknown as {
    rows: { value: string }[];
  };
  return rows[0]!.value;
};

// Each test starts PGlite (a WebAssembly PostgreSQL) one to three times: seconds each on a busy machine.
describe('the embedded database on disk', { timeout: 120_000 }, () => {
  it('says which folder it could not create a database in', async () => {
    const file = path.join(await freshDir(), 'not-a-folder');
    await writeFile(file, '');

    await expect(createDataDirApart(file)).rejects.toThrow(
      `Could not create the embedded database in ${file}`,
    );
  });

  it('creates a new folder apart, starts with small shared buffers, and finds its data after a restart', async () => {
    const dir = await freshDir();
    // A new folder's database is made in a child process (createDataDirApart), so that this process opens
    // an existing one.
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(access(path.join(dir, 'PG_VERSION'))).resolves.toBeUndefined();
    await prepareDatabase(first);
    expect(await setting(first.db, 'shared_buffers')).toBe('16MB');
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    const { rows } = (await second.db.execute(sql`select count(*)::int as count from tools`)) as unknown as {
      rows: { count: number }[];
    };
    expect(rows[0]!.count).toBeGreaterThan(0);
    expect(await setting(second.db, 'shared_buffers')).toBe('16MB');
    await second.close();
  });
});
