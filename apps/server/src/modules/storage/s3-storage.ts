/**
 * The S3-compatible driver (AWS S3, MinIO, Cloudflare R2, …) on the AWS SDK v3. Uploads are presigned
 * PUTs signed with the content type, so the browser sends the file straight to the bucket; the size and
 * the real type are checked afterwards by whoever asked for the upload (videos: upload-finished), since
 * a presigned PUT cannot bound the size. Files are read from `publicUrl` (a CDN, or the bucket itself
 * when its objects are public).
 */
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MultipartUploads, Storage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Other than AWS: the service's URL (http://localhost:9000 for MinIO). */
  endpoint?: string;
  /** Path-style URLs (endpoint/bucket/key): MinIO and most self-hosted stores need it. */
  forcePathStyle?: boolean;
  /** Without them the SDK's default chain (environment, profile, instance role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Base URL the files are read from (a CDN); default: the bucket's own URL. */
  publicUrl?: string;
}

const isMissing = (err: unknown) =>
  err instanceof NotFound ||
  (err instanceof S3ServiceException &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404));

export function createS3Storage(opts: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? false,
    credentials: opts.credentials,
    // Checksums only when the operation requires them: presigned PUTs from browsers and S3-compatible
    // stores that don't know the newer CRC headers keep working.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucketUrl = (() => {
    if (opts.publicUrl) return opts.publicUrl.replace(/\/$/, '');
    if (opts.endpoint) {
      const u = new URL(opts.endpoint);
      return opts.forcePathStyle ? `${u.origin}/${opts.bucket}` : `${u.protocol}//${opts.bucket}.${u.host}`;
    }
    return `https://${opts.bucket}.s3.${opts.region}.amazonaws.com`;
  })();
  const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
  const origins = [
    ...new Set([new URL(bucketUrl).origin, ...(opts.endpoint ? [new URL(opts.endpoint).origin] : [])]),
  ];
  if (!opts.endpoint) origins.push(`https://${opts.bucket}.s3.${opts.region}.amazonaws.com`);

  const multipart: MultipartUploads = {
    async create(key, { contentType, size, partSize, expiresInSeconds }) {
      const out = await client.send(
        new CreateMultipartUploadCommand({ Bucket: opts.bucket, Key: key, ContentType: contentType }),
      );
      const uploadId = out.UploadId;
      if (!uploadId) throw new Error(`CreateMultipartUpload sem UploadId: ${key}`);
      const count = Math.max(1, Math.ceil(size / partSize));
      const parts = await Promise.all(
        Array.from({ length: count }, async (_, i) => ({
          number: i + 1,
          url: await getSignedUrl(
            client,
            new UploadPartCommand({ Bucket: opts.bucket, Key: key, UploadId: uploadId, PartNumber: i + 1 }),
            { expiresIn: expiresInSeconds },
          ),
        })),
      );
      return {
        uploadId,
        partSize,
        parts,
        headers: {},
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
      };
    },
    async complete(key, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: opts.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts]
              .sort((a, b) => a.number - b.number)
              .map((p) => ({ PartNumber: p.number, ETag: p.etag })),
          },
        }),
      );
    },
    async abort(key, uploadId) {
      try {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: opts.bucket, Key: key, UploadId: uploadId }),
        );
      } catch (err) {
        if (isMissing(err) || (err instanceof S3ServiceException && err.name === 'NoSuchUpload')) return;
        throw err;
      }
    },
  };

  return {
    driver: 's3',
    client,
    multipart,
    origins: [...new Set(origins)],
    async put(key, body, contentType) {
      // A bucket sends no CSP: a document type (an SVG an older version stored, any markup) is served
      // as a download, never opened as a page on the bucket's origin
      // (docs/decisions/018-accounts-and-abuse.md).
      const document = !/^(image\/(png|jpeg|webp|gif|avif)|video\/[\w.+-]+)$/i.test(contentType);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ...(document ? { ContentDisposition: 'attachment' } : {}),
        }),
      );
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
    async copy(from, to) {
      await client.send(
        new CopyObjectCommand({
          Bucket: opts.bucket,
          Key: to,
          CopySource: `${opts.bucket}/${encodeKey(from)}`,
        }),
      );
    },
    url: (key) => `${bucketUrl}/${encodeKey(key)}`,
    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
        return { size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async readStart(key, length) {
      const out = await client.send(
        new GetObjectCommand({ Bucket: opts.bucket, Key: key, Range: `bytes=0-${length - 1}` }),
      );
      const bytes = Buffer.from((await out.Body?.transformToByteArray()) ?? []);
      // A store that ignores Range sends the whole object: keep only the start.
      return bytes.subarray(0, length);
    },
    async download(key, file) {
      const out = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
      if (!out.Body) throw new Error(`Objeto vazio: ${key}`);
      await pipeline(out.Body as Readable, createWriteStream(file));
    },
    async createUploadUrl(key, { contentType, exactBytes, expiresInSeconds }) {
      // The declared size is signed (docs/decisions/018-accounts-and-abuse.md): S3 refuses a body of any
      // other length.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          ContentType: contentType,
          ContentLength: exactBytes,
        }),
        {
          expiresIn: expiresInSeconds,
          ...(exactBytes === undefined ? {} : { signableHeaders: new Set(['content-length']) }),
        },
      );
      return {
        url,
        method: 'PUT',
        headers: { 'Content-Type': contentType },
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
      };
    },
  };
}
