// What the tests and the bench run from Debian's packages, installed when missing, so that `npm test` and
// `npm run bench` work on a fresh machine: Chromium for the end-to-end tests and the Lighthouse audits
// (Playwright's own browser download cannot run here), and a Java runtime for the Nu HTML Checker (the
// npm package vnu-jar ships the checker, not a Java to run it).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JAVA = '/usr/bin/java';

const missing = [
  ...(existsSync(CHROMIUM) ? [] : ['chromium', 'fonts-liberation']),
  ...(existsSync(JAVA) ? [] : ['default-jre-headless']),
];
if (missing.length === 0) process.exit(0);

if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `Missing: ${missing.join(', ')}. Install Chromium (CHROMIUM_PATH names its binary) and a Java runtime.`,
  );
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

console.log(
  `Installing from Debian packages (end-to-end tests, HTML checks, Lighthouse): ${missing.join(' ')}`,
);
run(['apt-get', 'update', '-qq']);
run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
