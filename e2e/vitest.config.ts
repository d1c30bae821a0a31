import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests: the built console served by the real server, driven in Debian's Chromium. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One server, one browser per file; files one after the other keep the machine calm.
    fileParallelism: false,
  },
});
