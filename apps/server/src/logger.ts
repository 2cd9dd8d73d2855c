import type { FastifyServerOptions } from 'fastify';
import type { Env } from './env';

/** JSON logs in production (for log shippers), readable ones while developing. */
export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
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
  return base;
}
