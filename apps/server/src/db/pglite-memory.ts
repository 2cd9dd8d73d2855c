import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL's shared buffers live in PGlite's WebAssembly memory, which never shrinks and which
 * PostgreSQL touches whole as it starts: at the default 128 MB they were 151 MB of the process's resident
 * memory before the first request. The shop's working set is a few MB (the files behind the buffers stay
 * in the kernel's page cache), so 16 MB is plenty (decision 039).
 */
const SHARED_BUFFERS = '16MB';

/** What every PGlite of the server starts with. */
export const pgliteMemoryOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
} satisfies PGliteOptions;

// Runs in a child process: CommonJS, so that it needs no file of its own next to the bundle.
const CREATE_DATA_DIR = `
const [pgliteModule, options] = process.argv.slice(1);
require(pgliteModule).PGlite.create(JSON.parse(options)).then((db) => db.close());
`;

/**
 * Creates the database files of an empty `dataDir` in a short-lived child process. PGlite's initdb runs
 * two more WebAssembly instances beside the database's own; in the server's process they stayed resident
 * (about 400 MB) until a full garbage collection, which an idle or lightly loaded server may not run for
 * a long time. A process that exits gives all of it back at once.
 */
export async function createDataDirApart(dataDir: string): Promise<void> {
  if (await exists(path.join(dataDir, 'PG_VERSION'))) return;
  const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const options = JSON.stringify({ dataDir, ...pgliteMemoryOptions });
  await promisify(execFile)(process.execPath, ['-e', CREATE_DATA_DIR, pgliteModule, options]).catch(
    (error: Error & { stderr?: string }) => {
      throw new Error(
        `Could not create the embedded database in ${dataDir}: ${error.stderr || error.message}`,
      );
    },
  );
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
