/**
 * Every stored file (logos, photos, videos, posters) goes through one interface with two drivers:
 * the local disk (default: files under DATA_DIR/uploads, served at /files/…, uploads through its own
 * signed, expiring URLs) and any S3-compatible bucket (s3-storage.ts). Both hand the browser an upload
 * URL it PUTs the file to, so the console's flow is the same on either.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where and how the browser sends a file: `method` to `url` with exactly these `headers`. */
export interface UploadTicket {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
}

/** A multipart upload: the browser PUTs part n (1-based, `partSize` bytes but the last) to `parts[n-1].url`. */
export interface MultipartTicket {
  uploadId: string;
  partSize: number;
  parts: { number: number; url: string }[];
  headers: Record<string, string>;
  expiresAt: Date;
}

/** Large files in parts (S3's multipart upload); the local driver has none and takes one PUT. */
export interface MultipartUploads {
  create(
    key: string,
    opts: { contentType: string; size: number; partSize: number; expiresInSeconds: number },
  ): Promise<MultipartTicket>;
  /** Joins the parts into the object; each part's ETag as the PUT answered it. */
  complete(key: string, uploadId: string, parts: { number: number; etag: string }[]): Promise<void>;
  /** Drops the parts sent so far (cancel, clean-up); an upload already gone is not an error. */
  abort(key: string, uploadId: string): Promise<void>;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public URL of a stored file. */
  url(key: string): string;
  /** Size of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Up to `length` bytes from the start of an object (type sniffing). */
  readStart(key: string, length: number): Promise<Buffer>;
  /** Copies an object to a local file (ffmpeg reads files). */
  download(key: string, file: string): Promise<void>;
  /** Copies an object to another key in the same store (its content type kept). */
  copy(from: string, to: string): Promise<void>;
  /**
   * A signed URL the browser PUTs the object to, valid for `expiresInSeconds`. `maxBytes` bounds the
   * body (the local driver); `exactBytes`, the declared size when there is one, is signed as the
   * request's Content-Length (S3).
   */
  createUploadUrl(
    key: string,
    opts: { contentType: string; maxBytes: number; exactBytes?: number; expiresInSeconds: number },
  ): Promise<UploadTicket>;
  /** Origins other than the app's that browsers reach for uploads and files (CSP), none for local. */
  readonly origins: string[];
  /** S3 only. */
  readonly multipart?: MultipartUploads;
}

export interface LocalStorage extends Storage {
  readonly driver: 'local';
  /** Where the files live (served at /files/). */
  readonly root: string;
  /**
   * Checks a signed upload URL's query and writes the body; see local-upload.routes.ts. `accepts`, asked
   * once the signature holds and again before the file lands, says whether the key still waits for
   * a file (409 otherwise).
   */
  receiveUpload(
    key: string,
    query: Record<string, string | undefined>,
    contentType: string | undefined,
    body: Readable,
    accepts?: (key: string) => Promise<boolean>,
  ): Promise<{ size: number }>;
}

/** Why a local upload was refused: the HTTP status and a Portuguese message. */
export class UploadRefused extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const LOCAL_UPLOAD_PREFIX = '/uploads/';

export function createLocalStorage(opts: {
  dataDir: string;
  publicBaseUrl: string;
  /** Signs upload URLs (the app key). */
  secret?: Buffer;
  /** The clock of signed URLs (tests move it). */
  now?: () => number;
}): LocalStorage {
  const root = path.join(opts.dataDir, 'uploads');
  const tmpDir = path.join(opts.dataDir, 'uploads-tmp');
  mkdirSync(root, { recursive: true });
  const secret = opts.secret ?? Buffer.alloc(32);
  const now = opts.now ?? Date.now;
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('Chave de arquivo inválida.');
    return full;
  };
  const sign = (key: string, expires: number, max: number, type: string) =>
    createHmac('sha256', secret).update(`upload\n${key}\n${expires}\n${max}\n${type}`).digest('base64url');

  return {
    driver: 'local',
    root,
    origins: [],
    async put(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async copy(from, to) {
      const target = resolve(to);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(resolve(from), target);
    },
    url: (key) => `${opts.publicBaseUrl}/files/${key}`,
    async head(key) {
      const s = await stat(resolve(key)).catch(() => null);
      return s?.isFile() ? { size: s.size } : null;
    },
    async readStart(key, length) {
      const handle = await open(resolve(key), 'r');
      try {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buf, 0, length, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async download(key, file) {
      await copyFile(resolve(key), file);
    },
    async createUploadUrl(key, { contentType, maxBytes, expiresInSeconds }) {
      resolve(key);
      const expires = Math.floor(now() / 1000) + expiresInSeconds;
      const q = new URLSearchParams({
        expires: String(expires),
        max: String(maxBytes),
        type: contentType,
        signature: sign(key, expires, maxBytes, contentType),
      });
      return {
        url: `${opts.publicBaseUrl}${LOCAL_UPLOAD_PREFIX}${key}?${q.toString()}`,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt: new Date(expires * 1000),
      };
    },
    async receiveUpload(key, query, contentType, body, accepts) {
      const stillWanted = async () => {
        if (accepts && !(await accepts(key)))
          throw new UploadRefused(
            409,
            'Este envio já foi concluído ou cancelado. Gere um novo endereço de envio.',
          );
      };
      const expires = Number(query.expires);
      const max = Number(query.max);
      const type = query.type ?? '';
      const given = Buffer.from(query.signature ?? '');
      const expected = Buffer.from(sign(key, expires, max, type));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new UploadRefused(403, 'Endereço de envio inválido.');
      if (!Number.isFinite(expires) || expires * 1000 < now())
        throw new UploadRefused(403, 'O endereço de envio expirou. Envie o arquivo de novo.');
      if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() !== type)
        throw new UploadRefused(415, `Envie o arquivo com o tipo ${type}.`);
      await stillWanted();
      const full = resolve(key);
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      let size = 0;
      try {
        await pipeline(
          body,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > max) throw new UploadRefused(413, 'O arquivo passa do tamanho máximo permitido.');
              yield chunk;
            }
          },
          createWriteStream(tmp),
        );
        await stillWanted();
        await mkdir(path.dirname(full), { recursive: true });
        await rename(tmp, full);
      } finally {
        await rm(tmp, { force: true });
      }
      return { size };
    },
  };
}
