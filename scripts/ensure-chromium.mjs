// The end-to-end tests and the bench's Lighthouse audits drive Debian's Chromium (Playwright's own browser
// download cannot run here). Installs it when missing, so `npm test` and `npm run bench` work on a fresh
// machine.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium not found at ${CHROMIUM}. Install Chromium and set CHROMIUM_PATH to its binary.`);
  process.exit(1);
}

const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
const run = (args) => {
  const [command, ...rest] = [...asRoot, ...args];
  execFileSync(command, rest, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
};

console.log('Installing Chromium from Debian packages (end-to-end tests, Lighthouse audits)…');
run(['apt-get', 'update', '-qq']);
run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation']);
