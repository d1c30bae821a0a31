// npm start: builds what is not built, then runs the server (console + API + landing pages) on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './build-console.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildConsole();
const child = spawn(
  path.join(root, 'node_modules/.bin/tsx'),
  [path.join(root, 'apps/server/src/server.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      LOG_PRETTY: process.env.LOG_PRETTY ?? (process.stdout.isTTY ? '1' : '0'),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
