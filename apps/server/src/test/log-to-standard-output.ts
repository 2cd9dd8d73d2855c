// A process of its own for logger.test.ts: logs `count` lines as the shop does in production, then exits
// (`exit`), dies of an uncaught error (`crash`), or stays up until its standard input closes (`idle`).
import Fastify from 'fastify';
import { parseEnv } from '../env';
import { loggerOptions } from '../logger';

const [ending, count] = process.argv.slice(2);
const app = Fastify({ logger: loggerOptions(parseEnv({ NODE_ENV: 'production' })) });
for (let line = 0; line < Number(count); line += 1) app.log.info({ line }, 'logged');
if (ending === 'exit') process.exit(0);
if (ending === 'crash') throw new Error('crashed on purpose');
process.stdin.resume().on('end', () => process.exit(0));
