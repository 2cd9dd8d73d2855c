import { mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createMailer } from './mailer';
import { passwordResetMail } from './templates';

describe('the mailer without SMTP_URL', () => {
  it('writes the mail readable by the shop’s user only and logs that it did, not the link', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-outbox-'));
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const mailer = createMailer(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }), log);

    await mailer.send(passwordResetMail('someone@example.com', 'https://shop.test/reset?token=SECRET'));

    const outbox = path.join(dataDir, 'outbox');
    const [file] = await readdir(outbox);
    expect((await stat(path.join(outbox, file!))).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(logged)).not.toContain('SECRET');
    expect(JSON.stringify(logged)).toContain('outbox');
  });
});
