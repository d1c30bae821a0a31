/** The storage driver the configuration asks for: S3 when STORAGE_DRIVER=s3, the local disk otherwise. */
import type { AppConfig } from '../../config.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/**
 * The S3 driver (and the AWS SDK, hundreds of modules) is imported only when it is the one configured:
 * the default local driver starts without it.
 */
export async function createStorage(config: AppConfig): Promise<Storage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({
    dataDir: config.dataDir,
    publicBaseUrl: config.APP_URL,
    secret: config.appKey,
  });
}

/** Origins besides the app's that browsers reach for stored files and uploads (CSP). */
export function storageOrigins(config: AppConfig): string[] {
  if (config.STORAGE_DRIVER !== 's3') return [];
  const list = [config.S3_PUBLIC_URL, config.S3_ENDPOINT]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  if (!config.S3_ENDPOINT && config.S3_BUCKET)
    list.push(`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`);
  if (config.S3_ENDPOINT && !config.S3_FORCE_PATH_STYLE && config.S3_BUCKET) {
    const u = new URL(config.S3_ENDPOINT);
    list.push(`${u.protocol}//${config.S3_BUCKET}.${u.host}`);
  }
  return [...new Set(list)];
}
