// Builds the console when its sources are newer than the last build (used by npm start and npm install).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = path.join(root, 'apps/console');
const builtIndex = path.join(consoleDir, 'dist/index.html');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

export function consoleIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = [
    path.join(consoleDir, 'src'),
    path.join(consoleDir, 'index.html'),
    path.join(consoleDir, 'vite.config.ts'),
    path.join(consoleDir, 'public'),
    path.join(root, 'packages/contracts/src'),
  ];
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((s) => newest(s) > built);
}

export function buildConsole({ force = false } = {}) {
  if (!force && !consoleIsStale()) return false;
  console.log('› Compilando o console…');
  // Always a production build: called from a test runner (NODE_ENV=test), vite would bundle React's
  // development build (+60 KB gzip).
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: consoleDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildConsole({ force: process.argv.includes('--force') });
}
