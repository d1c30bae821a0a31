/**
 * Security headers on every answer (helmet): the console's Content-Security-Policy, no framing,
 * nosniff, Referrer-Policy, and HSTS when the public URL is https. Routes that serve other kinds of
 * documents set their own policy on the reply, which wins over these (the landing pages' hash-pinned CSP,
 * the uploaded files' sandbox, Swagger UI's own).
 *
 * helmet's middleware is built once, at start-up, and runs on each request's raw response. (The
 * @fastify/helmet wrapper built a new middleware, parsing the CSP directives again, on every request:
 * ~4 % of the lead capture's CPU in `bench:leads`.)
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { storageOrigins } from '../modules/storage/index.ts';

/**
 * The console (a Vite build: module scripts and stylesheets from /assets, no inline script).
 * - style-src 'unsafe-inline': the page editor previews the real landing page in a sandboxed
 *   `<iframe srcdoc>`, and a srcdoc document inherits this policy; the landing page's CSS is inline.
 *   Scripts stay 'self' only (the preview's sandbox runs none anyway).
 * - img-src https:: listings imported from catalogs keep their photos on the agencies' own hosts;
 *   blob: for the local preview of a photo before upload.
 */
export function consoleCspDirectives(secure: boolean, storage: string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...storage],
    'font-src': ["'self'", 'data:'],
    // The storage bucket (STORAGE_DRIVER=s3): videos go to it straight from the browser.
    'connect-src': ["'self'", ...storage],
    'media-src': ["'self'", 'blob:', 'https:', ...storage],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // Upgrading subresources only makes sense when the site itself is https (on http://localhost it
    // would send the browser to an https port nobody listens on).
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export default fp(
  async (app: FastifyInstance) => {
    const secure = app.config.APP_URL.startsWith('https://');
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: consoleCspDirectives(secure, storageOrigins(app.config)),
      },
      // Helmet's defaults for the rest, made explicit where we depend on them.
      xContentTypeOptions: true,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (err) => done(err as Error | undefined)),
    );
  },
  { name: 'security-headers' },
);
