/**
 * The one test kit, shared by the server tests, the browser tests (e2e/kit.ts adds the browser on
 * top), the benchmarks and the soak (apps/server/scripts/lib/harness.ts) and `npm run check:image`:
 * the Chromium to launch (the system's or the npm package's), a free port, the server as a child process waited for on its health address, the console's API
 * client with its cookies and CSRF, a fake webhook endpoint that verifies Standard Webhooks
 * signatures, a scratch PostgreSQL database and an SMTP server that accepts every message. Plain TypeScript with erasable syntax only: Node 24
 * runs it as it is (check-image.mjs imports it without tsx).
 */
export { resolveChromium, type ChromiumChoice } from './chromium.ts';
export { freePort } from './free-port.ts';
export {
  pinnedNode,
  repoRoot,
  serverEntry,
  spawnServer,
  waitForHttp,
  type ServerProcess,
  type SpawnServerOptions,
} from './server-process.ts';
export { ConsoleClient, registerAgency, type CallApi, type ConsoleResponse } from './console-client.ts';
export {
  startFakeWebhook,
  verifyStandardWebhook,
  type FakeWebhook,
  type FakeWebhookOptions,
  type WebhookCall,
} from './fake-webhook.ts';
export { scratchPostgres, type ScratchDatabase } from './scratch-postgres.ts';
export { startSmtpSink, type SmtpMessage, type SmtpSink } from './smtp-sink.ts';
export { startFakeDns, type FakeDns, type FakeDnsRecords } from './fake-dns.ts';
