import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@toolshop/shared/idempotency';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { viewerOf } from './access';
import { AppError } from './errors';

export interface Answer<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotentRequest {
  userId: string;
  /** The client's `Idempotency-Key`; without one the write simply runs. */
  key: string | undefined;
  method: string;
  /** The route's pattern and the request's parameters, so a key names one request, not one URL shape. */
  url: string;
  body: unknown;
}

/** JSON with object keys sorted, so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const requestHash = ({ method, url, body }: Omit<IdempotentRequest, 'userId' | 'key'>) =>
  createHash('sha256')
    .update(`${method} ${url}\n${canonical(body)}`)
    .digest('hex');

/** The same key sent before with another request. */
export const keyReused = () =>
  new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  );

/**
 * A request's `Idempotency-Key` and the hash of what it asks, for a write that claims its key and stores
 * its answer itself, in its own transaction (checkouts in batches, decision 060).
 */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

/** The request as its key names it: the route's method, URL and body. */
function idempotentRequestOf(request: FastifyRequest): IdempotentRequest {
  const key = request.headers['idempotency-key'];
  return {
    userId: viewerOf(request).id,
    key: typeof key === 'string' ? key : undefined,
    method: request.method,
    url: request.url,
    body: request.body,
  };
}

/** The claim a request makes; no key: undefined. */
export function idempotencyClaimOf(request: FastifyRequest): IdempotencyClaim | undefined {
  const named = idempotentRequestOf(request);
  return named.key === undefined ? undefined : { key: named.key, requestHash: requestHash(named) };
}

/** Sends an idempotent write's answer; a replayed answer says so in `Idempotent-Replayed: true`. */
export function sendAnswer<T>(reply: FastifyReply, answer: Answer<T>): void {
  if (answer.replayed) void reply.header('idempotent-replayed', 'true');
  void reply.status(answer.statusCode).send(answer.body);
}

export function createIdempotency(db: Database) {
  return {
    /**
     * Runs `write` once per key and user (`write` runs in the transaction it is given): a retry with the same key and request gets the first answer;
     * the same key with another request is refused with 422. The answer is stored in the write's own
     * transaction, so it exists exactly when the write committed: a client that never heard the answer
     * (a dropped connection, a killed server) can safely send the request again. Concurrent retries wait
     * for the first to finish (the key's row is locked by its insert) and then get its answer.
     */
    async run<T>(
      request: IdempotentRequest,
      write: (tx: Database) => Promise<{ statusCode: number; body: T }>,
    ): Promise<Answer<T>> {
      // Without a key the write opens its own transaction: nothing to store, nothing to wait for.
      if (!request.key) return { ...(await write(db)), replayed: false };
      const hash = requestHash(request);
      const key = request.key;
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ userId: request.userId, key, requestHash: hash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length === 0) {
          const [first] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, key)));
          if (!first || first.requestHash !== hash || first.statusCode === null) throw keyReused();
          return { statusCode: first.statusCode, body: first.response as T, replayed: true };
        }
        const answer = await write(tx as Database);
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: answer.statusCode, response: answer.body as object })
          .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, key)));
        return { ...answer, replayed: false };
      });
    },

    /** Forgets keys past their keeping time. */
    async sweep(): Promise<number> {
      const removed = await db
        .delete(idempotencyKeys)
        .where(
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`),
        )
        .returning({ key: idempotencyKeys.key });
      return removed.length;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * Answers a signed-in write through `idempotency`, with the request's `Idempotency-Key` header; a replayed
 * answer says so in `Idempotent-Replayed: true`. The reply is sent here: a handler returns this promise.
 */
export async function replyIdempotently<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  idempotency: Idempotency,
  write: (tx: Database) => Promise<{ statusCode: number; body: T }>,
): Promise<void> {
  sendAnswer(reply, await idempotency.run(idempotentRequestOf(request), write));
}
