import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import { scryptPasswords } from '../auth/password-hashing';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { parseEnv, type Env } from '../env';
import { createMailer, type Mailer, type OutgoingMail } from '../mail/mailer';
import { createTestDatabase } from './test-database';

export const TEST_ADMIN_EMAIL = 'admin@toolshop.test';

/**
 * What every test app shortens: mail retries (after 20 ms, doubling) and the low-stock notifier's pace, so
 * tests wait for them without waiting long; and scrypt's cost, about a thousandth of the shop's, as the
 * files make some two thousand sign-ups and sign-ins between them (decision 064).
 * password-hashing.test.ts covers the real cost.
 */
const TEST_PACE = {
  mailRetryBaseMs: 20,
  lowStockIntervalMs: 20,
  passwords: scryptPasswords({ N: 16, r: 8 }),
};

/**
 * The transport the apps' mail outboxes hand mails to: it keeps what it was sent, for tests to read links
 * from. A mail is sent by the outbox's worker after the request that queued it has answered: read `sent`
 * after `settled()`.
 */
export interface RecordingMailer extends Mailer {
  sent: OutgoingMail[];
  /** Resolves once every mail queued so far, by any of the file's apps, has been handed over. */
  settled(): Promise<void>;
  /** The most recent mail to `to` whose subject matches, once every mail queued so far is handed over. */
  last(to: string, subject: RegExp): Promise<OutgoingMail>;
  /**
   * Waits for `app`'s outbox too, from now on: an app a test builds on this mailer and the file's database.
   * Its worker may claim a mail first, and another app's pass then finds nothing left to wait for.
   */
  track(app: App): void;
}

/** `forward`: a real transport that must take each mail first; one it refuses is not recorded. */
export function createRecordingMailer(apps: () => App[], forward?: Mailer): RecordingMailer {
  const sent: OutgoingMail[] = [];
  const tracked: App[] = [];
  const settled = async () => {
    await Promise.all([...apps(), ...tracked].map((app) => app.services.outbox.deliverDue()));
  };
  return {
    sent,
    async send(mail, id) {
      await forward?.send(mail, id);
      sent.push(mail);
    },
    settled,
    track(app) {
      tracked.push(app);
    },
    async last(to, subject) {
      await settled();
      const mail = sent.findLast((m) => m.to === to && subject.test(m.subject));
      if (!mail)
        throw new Error(
          `no mail to ${to} matching ${subject}; sent: ${sent.map((m) => `${m.to}: ${m.subject}`).join(', ')}`,
        );
      return mail;
    },
  };
}

/** The SMTP mailer logs nothing (it logs only without SMTP_URL). */
const silentLog = { info: () => {} } as unknown as FastifyBaseLogger;

export interface TestContext {
  app: App;
  /**
   * With `secondInstance`: another server process's app, on its own connections to the same database and
   * with its own DATA_DIR.
   */
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
    /**
     * Called once the file's fakes are listening: the URL of a real SMTP server (test/smtp-inbox.ts) that
     * the recording mailer sends every mail through first, as the shop's own SMTP transport.
     */
    smtp?: () => string;
    /** PostgreSQL only: also build `otherApp`, as a second server process sharing the database. */
    secondInstance?: boolean;
    /** Serve the real web build (apps/web/dist, built by vitest.config.ts when stale): pages render. */
    webApp?: boolean;
    /** Addresses in one file of the sitemap, small to test its index. */
    sitemapUrlsPerFile?: number;
    /** The app's logger, given the env (silent unless given). */
    logger?: (env: Env) => FastifyServerOptions['logger'];
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
    const apps = () => [context.app, context.otherApp].filter(Boolean);
    context.mailer = createRecordingMailer(
      apps,
      options.smtp ? createMailer({ ...env, SMTP_URL: options.smtp() }, silentLog) : undefined,
    );
    context.app = await buildApp({
      env,
      db: context.db,
      mailer: context.mailer,
      ...TEST_PACE,
      sitemapUrlsPerFile: options.sitemapUrlsPerFile,
      logger: options.logger?.(env) ?? false,
      ...(options.stripe ? { stripe: options.stripe() } : {}),
      ...(options.webApp ? {} : { webRoot: path.join(context.dataDir, 'no-web-app') }),
    });
    if (options.secondInstance) {
      secondHandle = await openDatabase(
        { kind: 'postgres', url: context.handle.url! },
        { onConnectionLost: () => {} },
      );
      // Another machine: its own DATA_DIR, so nothing the two share can hide there.
      context.otherApp = await buildApp({
        env: { ...env, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'toolshop-test-other-')) },
        db: secondHandle.db,
        mailer: context.mailer,
        ...TEST_PACE,
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
