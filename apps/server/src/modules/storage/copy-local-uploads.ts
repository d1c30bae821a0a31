/**
 * Moving to S3 with files already on disk: copies every file under DATA_DIR/uploads to the configured
 * storage under the same key (the key is what rows store), skipping those already there. Run by
 * `npm run storage:copy-local -w apps/server` once, before switching STORAGE_DRIVER; safe to run again.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.ts';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

export async function copyLocalUploads(
  target: Storage,
  uploadsRoot: string,
): Promise<{ copied: number; skipped: number }> {
  const entries = await readdir(uploadsRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  let copied = 0;
  let skipped = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(uploadsRoot, full).split(path.sep).join('/');
    if (await target.head(key)) {
      skipped += 1;
      continue;
    }
    const ext = path.extname(key).slice(1).toLowerCase();
    await target.put(key, await readFile(full), TYPES[ext] ?? 'application/octet-stream');
    copied += 1;
  }
  return { copied, skipped };
}
