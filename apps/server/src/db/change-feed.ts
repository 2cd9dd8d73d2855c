import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client';

/**
 * Tells every server process sharing the database that some data changed, so that each drops what it
 * cached. PostgreSQL's NOTIFY is transactional: sent inside the writing transaction, it reaches every
 * listener when, and only if, that transaction commits.
 */
export const CHANGE_CHANNEL = 'toolshop_changes';

/**
 * `'*'`: anything may have changed (notifications may have been lost while the listener was down).
 * `subjects`: the change touched only these things of the topic (a catalogue change naming the tools whose
 * stock moved), so what shows none of them may be kept; none given: anything of the topic may have changed.
 */
export type ChangeListener = (topic: string, subjects?: readonly string[]) => void;

export interface ChangeFeed {
  /**
   * Announces, inside the writing transaction, that `topic` changes when `tx` commits: only its `subjects`
   * when given (ids), else the whole topic.
   */
  announce(tx: Database, topic: string, subjects?: readonly string[]): Promise<void>;
  /**
   * The same announcement for a statement that makes the change and sends it itself, in one round trip
   * (`pg_notify(CHANGE_CHANNEL, payload)`, as orders' `place_orders` does): each run takes a new one. When
   * the statement changed something, call `made()` inside a transaction, before it commits (this process
   * keeps nothing of the topic until the announcement comes back), or `committed()` when it was sent on its
   * own and has therefore committed already (what is read from then on is the new data: nothing to hold
   * back). One that changed nothing sends nothing and leaves no hold behind.
   */
  announcement(
    topic: string,
    subjects?: readonly string[],
  ): {
    payload: string;
    made(): void;
    committed(): void;
  };
  subscribe(listener: ChangeListener): () => void;
  /**
   * Whether a value of `topic` read now may be kept: not while the listener is down (another process's
   * change would go unseen), nor while one of this process's own announcements of it has not come back
   * (its transaction may not have committed yet, and what is read now could be what it replaces).
   */
  isCacheable(topic: string): boolean;
  close(): Promise<void>;
}

/** The engine's side of a feed: a connection that listens on the channel and says when it is up or down. */
export interface NotificationSource {
  start(onPayload: (payload: string) => void, onLive: (live: boolean) => void): Promise<void>;
  stop(): Promise<void>;
}

// An announcement whose echo never comes back belongs to a transaction that rolled back: nothing changed,
// so the hold may lapse.
const ECHO_WAIT_MS = 10_000;

// NOTIFY takes at most 8,000 bytes: a change naming more subjects than fit is announced as the whole topic.
const MAX_SUBJECTS_LENGTH = 4_000;

export async function createChangeFeed(source: NotificationSource): Promise<ChangeFeed> {
  const origin = randomUUID();
  let sequence = 0;
  let live = false;
  const listeners = new Set<ChangeListener>();
  /** Topics this process announced, with the last announcement's number and when the hold lapses. */
  const held = new Map<string, { sequence: number; until: number }>();

  const emit = (topic: string, subjects?: readonly string[]) => {
    for (const listener of listeners) listener(topic, subjects);
  };

  await source.start(
    (payload) => {
      const parsed = parsePayload(payload);
      if (!parsed) return;
      const { from, number, topic, subjects } = parsed;
      const hold = held.get(topic);
      if (from === origin && hold && hold.sequence === number) held.delete(topic);
      emit(topic, subjects);
    },
    (isLive) => {
      live = isLive;
      // Whatever was announced while nobody listened is lost: start again from the database.
      emit('*');
    },
  );

  const announcement = (topic: string, subjects?: readonly string[]) => {
    sequence += 1;
    const number = sequence;
    const named =
      subjects && subjects.join(',').length <= MAX_SUBJECTS_LENGTH ? [...new Set(subjects)] : undefined;
    return {
      payload: named ? `${origin}:${number}:${topic}:${named.join(',')}` : `${origin}:${number}:${topic}`,
      made() {
        // The monotonic clock: a wall clock set back would keep the topic uncacheable for as long.
        held.set(topic, { sequence: number, until: performance.now() + ECHO_WAIT_MS });
        emit(topic, named);
      },
      committed: () => emit(topic, named),
    };
  };

  return {
    async announce(tx, topic, subjects) {
      const { payload, made } = announcement(topic, subjects);
      made();
      await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
    },
    announcement,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isCacheable(topic) {
      if (!live) return false;
      const hold = held.get(topic);
      if (!hold) return true;
      if (hold.until > performance.now()) return false;
      held.delete(topic);
      return true;
    },
    close: () => source.stop(),
  };
}

/** `origin:number:topic`, or `origin:number:topic:subject,subject…` for a change of some subjects only. */
function parsePayload(payload: string) {
  const [from, number, topic, subjects] = payload.split(':', 4);
  if (!from || !number || !topic) return undefined;
  return { from, number: Number(number), topic, subjects: subjects?.split(',').filter(Boolean) };
}

/** Embedded PGlite is one connection inside this process: it is always listening. */
export function pgliteNotificationSource(client: PGlite): NotificationSource {
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async start(onPayload, onLive) {
      unlisten = await client.listen(CHANGE_CHANNEL, onPayload);
      onLive(true);
    },
    async stop() {
      await unlisten?.();
    },
  };
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * A dedicated PostgreSQL connection (outside the pool: LISTEN belongs to one session) that reconnects by
 * itself, backing off, when the server closes it (a restart, a failover, pg_terminate_backend).
 */
export function postgresNotificationSource(
  connection: string | pg.ClientConfig,
  { onError = (_error: Error) => {} }: { onError?: (error: Error) => void } = {},
): NotificationSource {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;

  async function connect(onPayload: (payload: string) => void, onLive: (live: boolean) => void) {
    const settings = typeof connection === 'string' ? { connectionString: connection } : connection;
    const listener = new pg.Client({ ...settings, keepAlive: true });
    let lost = false;
    const reconnectLater = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) onError(error);
      onLive(false);
      listener.removeAllListeners('notification');
      void listener.end().catch(() => {});
      if (stopped) return;
      retry = setTimeout(() => void connect(onPayload, onLive).catch(() => {}), delay);
      retry.unref();
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    listener.on('error', reconnectLater);
    listener.on('end', () => reconnectLater());
    listener.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload) onPayload(message.payload);
    });
    try {
      await listener.connect();
      await listener.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      reconnectLater(error as Error);
      throw error;
    }
    client = listener;
    delay = RECONNECT_FIRST_MS;
    onLive(true);
  }

  return {
    async start(onPayload, onLive) {
      // A first connection that fails is retried in the background: the feed starts "not live".
      await connect(onPayload, onLive).catch(() => {});
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/**
 * The feed of the database the app was given: PGlite listens in this process; PostgreSQL through a
 * dedicated connection opened with the pool's own settings.
 */
export function changeFeedFor(db: Database, onError?: (error: Error) => void): Promise<ChangeFeed> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return createChangeFeed(postgresNotificationSource(client.options, { onError }));
  }
  return createChangeFeed(pgliteNotificationSource(client as PGlite));
}
