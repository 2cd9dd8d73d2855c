import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { parseEnv } from '../env';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { createTestDatabase } from './test-database';

export const TEST_ADMIN_EMAIL = 'admin@toolshop.test';

/** A mailer that keeps what it was asked to send, for tests to read links from. */
export interface RecordingMailer extends Mailer {
  sent: OutgoingMail[];
  /** The most recent mail to `to` whose subject matches. */
  last(to: string, subject: RegExp): OutgoingMail;
}

export function createRecordingMailer(): RecordingMailer {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    last(to, subject) {
      const mail = sent.findLast((m) => m.to === to && subject.test(m.subject));
      if (!mail)
        throw new Error(
          `no mail to ${to} matching ${subject}; sent: ${sent.map((m) => `${m.to}: ${m.subject}`).join(', ')}`,
        );
      return mail;
    },
  };
}

export interface TestContext {
  app: App;
  /** With `secondInstance`: another server process's app, on its own connections to the same database. */
  otherApp: App;
  db: Database;
  handle: DatabaseHandle & { url?: string };
  mailer: RecordingMailer;
  dataDir: string;
}

/**
 * Gives a test file a ready app on its own fresh database (migrated, seeded unless `seed: false`),
 * built before the file's tests and closed after them. Read the returned object inside tests.
 * ADMIN_EMAILS is TEST_ADMIN_EMAIL unless `env` says otherwise.
 */
export function useTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Called once the file's fakes are listening: a Stripe client aimed at a local fake Stripe API. */
    stripe?: () => Stripe;
    /** PostgreSQL only: also build `otherApp`, as a second server process sharing the database. */
    secondInstance?: boolean;
    /** Serve the real web build (apps/web/dist, built by vitest.config.ts when stale): pages render. */
    webApp?: boolean;
  } = {},
): TestContext {
  const context = {} as TestContext;
  let secondHandle: DatabaseHandle | undefined;
  beforeAll(async () => {
    context.handle = await createTestDatabase();
    await prepareDatabase(context.handle, { seed: options.seed ?? true });
    context.dataDir = await mkdtemp(path.join(tmpdir(), 'toolshop-test-'));
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: context.dataDir,
      ADMIN_EMAILS: TEST_ADMIN_EMAIL,
      ...options.env,
    });
    context.db = context.handle.db;
    context.mailer = createRecordingMailer();
    context.app = await buildApp({
      env,
      db: context.db,
      mailer: context.mailer,
      ...(options.stripe ? { stripe: options.stripe() } : {}),
      ...(options.webApp ? {} : { webRoot: path.join(context.dataDir, 'no-web-app') }),
    });
    if (options.secondInstance) {
      secondHandle = await openDatabase(
        { kind: 'postgres', url: context.handle.url! },
        { onConnectionLost: () => {} },
      );
      context.otherApp = await buildApp({
        env,
        db: secondHandle.db,
        mailer: context.mailer,
        webRoot: path.join(context.dataDir, 'no-web-app'),
      });
    }
  });
  afterAll(async () => {
    await context.otherApp?.close();
    await secondHandle?.close();
    await context.app?.close();
    await context.handle?.close();
  });
  return context;
}
