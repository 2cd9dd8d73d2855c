import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './pglite-lock';

const freshDir = () => mkdtemp(path.join(tmpdir(), 'toolshop-lock-'));

describe('lockDataDir', () => {
  it('refuses a folder another live process holds', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, 'toolshop.lock'), String(process.ppid));

    await expect(lockDataDir(dir)).rejects.toThrow(`is in use by process ${process.ppid}`);
  });

  it('takes over the lock of a process that is gone, and releases it', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, 'toolshop.lock'), '2147483646');

    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, 'toolshop.lock'), 'utf8')).toBe(String(process.pid));

    await release();
    const again = await lockDataDir(dir);
    await again();
  });
});
