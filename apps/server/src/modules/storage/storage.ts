/**
 * File storage behind one interface. The local-disk driver keeps files under DATA_DIR/uploads and
 * serves them at /files/…; an S3-compatible driver plugs in behind the same calls.
 */
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  url(key: string): string;
  readonly root: string;
}

export function createLocalStorage(opts: { dataDir: string; publicBaseUrl: string }): Storage {
  const root = path.join(opts.dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('Chave de arquivo inválida.');
    return full;
  };
  return {
    root,
    async put(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    url: (key) => `${opts.publicBaseUrl}/files/${key}`,
  };
}

/** Image type from its first bytes, not from what the client claims. */
export function sniffImageType(
  buf: Buffer,
): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml' | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP')
    return 'image/webp';
  const head = buf.subarray(0, 1024).toString('utf8').trimStart().toLowerCase();
  if (
    (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) &&
    !/<script|on\w+\s*=|javascript:/i.test(buf.toString('utf8'))
  ) {
    return 'image/svg+xml';
  }
  return null;
}

export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
} as const;
