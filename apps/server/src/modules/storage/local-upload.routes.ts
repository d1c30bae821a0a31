/**
 * The local driver's upload URLs: `PUT /uploads/{key}?expires&max&type&signature`, the disk's answer
 * to an S3 presigned PUT. No session: the signature (HMAC with the app key over the key, expiry, size
 * limit and type) is the permission, as with S3. The body streams to disk (never held in memory), is cut
 * at the signed size limit, and lands under its key only when complete, and only while its video still
 * waits for the file (not after upload-finished, nor once the video is deleted).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import type { Deps } from '../../deps.ts';
import { UploadRefused, type LocalStorage } from './storage.ts';

/**
 * Handed over by app.ts: which keys are files of videos still waiting for them. The videos module
 * stores its files here (it imports this one), so storage never imports videos back.
 */
export interface LocalUploadRoutesOptions {
  isAwaitingUpload(deps: Pick<Deps, 'db'>, key: string): Promise<boolean>;
}

export default async function localUploadRoutes(
  app: FastifyInstance,
  { isAwaitingUpload }: LocalUploadRoutesOptions,
) {
  const storage = app.storage as LocalStorage;
  if (storage.driver !== 'local') return;
  // This scope reads bodies itself: whatever the content type, the handler gets the raw stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  mount(
    app,
    'uploadLocalFile',
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!key || key.includes('..') || key.length > 300) throw notFound();
      try {
        // Only while the video waits for its file (docs/decisions/018-accounts-and-abuse.md).
        await storage.receiveUpload(key, request.query, request.headers['content-type'], request.raw, (k) =>
          isAwaitingUpload(app.deps, k),
        );
      } catch (err) {
        if (err instanceof UploadRefused) {
          // The rest of a refused body is not read: the connection closes after the answer.
          if (err.statusCode === 413) reply.header('connection', 'close');
          throw new HttpError(err.statusCode, err.message);
        }
        throw err;
      }
      return null;
    },
    { bodyLimit: Number.MAX_SAFE_INTEGER, config: { ownParams: true } },
  );
}
