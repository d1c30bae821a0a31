/**
 * The real server (or the built bundle, or the worker) as a child process: spawned with the
 * environment the caller gives, its output kept for the error message, and waited for on an HTTP
 * address (/healthz, /health/ready). Used by the browser tests' global setup, the production-defaults
 * test, the benchmarks, the soak and `npm run check:image`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The pinned Node 24 (the `node` dev dependency), which runs tsx and the servers. */
export const pinnedNode = path.join(repoRoot, 'node_modules/.bin/node');
/** The TypeScript entry point of the server. */
export const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

export interface SpawnServerOptions {
  /** Arguments after the node binary, e.g. ['--import', 'tsx', serverEntry] (the default). */
  args?: string[];
  /** The node binary; the pinned Node 24 unless told. */
  node?: string;
  cwd?: string;
  /** Variables on top of this process's environment (or alone, with inheritEnv: false). */
  env: Record<string, string | undefined>;
  /** false: only `env` plus PATH and HOME, as a container gets (the production checks). */
  inheritEnv?: boolean;
  /** Copies the child's stderr to ours as it comes (a benchmark shows the server's warnings). */
  echoStderr?: boolean;
}

export interface ServerProcess {
  child: ChildProcess;
  /** performance.now() when it was spawned. */
  started: number;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 100 kB of stdout and stderr. */
  output(): string;
  /** Sends the signal (SIGTERM unless told) and waits for the exit; SIGKILL after killAfterMs. */
  stop(
    signal?: NodeJS.Signals,
    killAfterMs?: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

export function spawnServer(options: SpawnServerOptions): ServerProcess {
  const node = options.node ?? pinnedNode;
  const base =
    options.inheritEnv === false
      ? { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' }
      : process.env;
  const child = spawn(node, options.args ?? ['--import', 'tsx', serverEntry], {
    cwd: options.cwd ?? repoRoot,
    env: { ...base, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    started: performance.now(),
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM', killAfterMs) {
      const at = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer =
        killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      const result = await exited;
      clearTimeout(timer);
      return { ...result, ms: Math.round(performance.now() - at) };
    },
  };
}

/**
 * Polls `url` until it answers 2xx; returns the milliseconds since the process was spawned. Throws
 * with the process's output when it exits first or the time runs out.
 */
export async function waitForHttp(
  url: string,
  server: ServerProcess,
  { timeoutMs = 90_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(
        `O servidor terminou (código ${server.child.exitCode ?? server.child.signalCode}) antes de responder ${url}:\n${server.output()}`,
      );
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return Math.round(performance.now() - server.started);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} não respondeu em ${timeoutMs / 1000} s:\n${server.output()}`);
}
