// `npm run dev`: the shop on port 3000 from its sources. The server restarts when its code changes; the web
// app is compiled on request by Vite inside the same process, with hot reload (decision 024).
import { spawn } from 'node:child_process';

const server = spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
