import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Env } from './env';

/**
 * JSON logs in production (for log shippers) on standard output, or on `destination`; readable ones while
 * developing.
 */
export function loggerOptions(env: Env, destination?: DestinationStream): FastifyServerOptions['logger'] {
  const base = {
    level: env.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  if (env.NODE_ENV === 'development') {
    return {
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return { ...base, stream: destination ?? standardOutputInBlocks() };
}

/**
 * Standard output written a few kilobytes at a time (decision 071): a write per line was a system call
 * per request and woke the log's reader as often, about a tenth of the shop's CPU under load. Lines wait
 * at most half a second for their block; the writes stay synchronous, so a slow reader holds the shop
 * back rather than filling its memory, and whatever is waiting is written before the process exits.
 */
function standardOutputInBlocks() {
  const destination = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 500 });
  // `end`, not `flushSync`: when the log's reader is gone, flushSync retries the failed write for ever and
  // the process never exits; `end` writes what waits and reports a failure as an error, which pino drops
  // for a closed pipe.
  process.once('exit', () => {
    try {
      destination.end();
    } catch {
      // Nothing more can be written: the process exits all the same.
    }
  });
  return destination;
}

/**
 * One line per answered request in place of Fastify's two ("incoming request", then "request completed"):
 * at the default level the pair cost about a seventh of a cached read's throughput (issue 27, decision
 * 054). The line carries what the pair told an operator: the request id (`reqId`, as on every line logged
 * for the request, errors included), method, address, client address, status and time. A request that
 * failed is still logged at `error` with its error, as Fastify does.
 */
export class OneLineRequestLog extends LogController {
  // Only at `debug`: a request's arrival, for when one never gets an answer (pino skips the call below it).
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  // The request's line says 404.
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      remoteAddress: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
