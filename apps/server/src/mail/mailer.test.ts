import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../env';
import { createMailer } from './mailer';
import { passwordResetMail } from './templates';

describe('the mailer without SMTP_URL', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps two mails written in the same millisecond, each in its own file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-outbox-'));
    const log = { info: () => {} } as unknown as FastifyBaseLogger;
    const mailer = createMailer(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }), log);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00.000Z') });

    await Promise.all([
      mailer.send(passwordResetMail('first@example.com', 'https://shop.test/reset?token=1'), randomUUID()),
      mailer.send(passwordResetMail('second@example.com', 'https://shop.test/reset?token=2'), randomUUID()),
    ]);

    const outbox = path.join(dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(2);
    const texts = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
    expect(texts.map((text) => text.match(/^To: (\S+)$/m)?.[1]).sort()).toEqual([
      'first@example.com',
      'second@example.com',
    ]);
  });

  it('writes the mail readable by the shop’s user only and logs that it did, not the link', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-outbox-'));
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const mailer = createMailer(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }), log);

    await mailer.send(
      passwordResetMail('someone@example.com', 'https://shop.test/reset?token=SECRET'),
      randomUUID(),
    );

    const outbox = path.join(dataDir, 'outbox');
    const [file] = await readdir(outbox);
    expect((await stat(path.join(outbox, file!))).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(logged)).not.toContain('SECRET');
    expect(JSON.stringify(logged)).toContain('outbox');
  });
});
