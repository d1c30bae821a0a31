/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_TARGET = process.env.VITRINE_API_URL ?? 'http://localhost:3000';

// Everything the Fastify server answers; the console itself only serves the SPA.
const proxied = [
  '/v1',
  '/sanctum',
  '/files',
  '/imoveis',
  '/healthz',
  '/blog',
  // The one sign-in form (decision 013): the console's /entrar and /login hand over to it.
  '/entrar',
  '/login',
  '/site',
  '/sitemap.xml',
  '/robots.txt',
];

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API_TARGET, changeOrigin: false }])),
  },
  // Unit tests (vitest reads this file too): jsdom, jest-dom matchers, tests next to the code.
  test: {
    name: 'console',
    environment: 'jsdom',
    // Typing whole forms in jsdom takes seconds on a loaded 2-core machine; 5 s timed out there.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Rolldown's replacement for Rollup's manualChunks: long-lived vendor chunks that change
        // rarely (better caching); route code is split by the router's lazy imports.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            { name: 'data', test: /node_modules[\\/](@tanstack|axios)[\\/]/, priority: 20 },
            // zod only arrives with the first form (the contracts' schemas); constants come from
            // the zod-free subpaths '@vitrine/contracts/{constants,errors,paths}'.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
