import { PAGE_LIMITS, type Page } from '@vitrine/contracts';
import { useEffect, useRef, useState } from 'react';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { uploadPagePhoto } from '../../api/page-photos';
import { useStorePage } from '../../api/update-page';
import { checkPhotoFiles } from '../../photo-files';

export interface UploadEntry {
  key: string;
  file: File;
  progress: number;
  status: 'queued' | 'uploading' | 'error';
  error?: string;
}

export interface RejectedFile {
  name: string;
  reason: string;
}

let uploadSeq = 0;

/**
 * The photos being sent: files are checked first (type, size, free slots), then go up one at a
 * time in the order picked, so each bar moves for real and the photos land in that order. A failed
 * upload stays in the list to retry or discard.
 */
export function usePhotoUploads(realEstateId: number, page: Page) {
  const store = useStorePage(realEstateId);
  const [uploads, setUploads] = useState<UploadEntry[]>([]);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  // Uploads already started (StrictMode runs effects twice; a file must go up once).
  const started = useRef(new Set<string>());
  const slots = PAGE_LIMITS.photos - page.photos.length - uploads.filter((u) => u.status !== 'error').length;

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, rejected: refused } = checkPhotoFiles(files, slots);
    setRejected(refused.map(({ file, reason }) => ({ name: file.name, reason })));
    if (accepted.length)
      setUploads((list) => [
        ...list,
        ...accepted.map((file) => ({ key: `u${++uploadSeq}`, file, progress: 0, status: 'queued' as const })),
      ]);
  };

  const active = uploads.find((u) => u.status === 'uploading');
  const next = uploads.find((u) => u.status === 'queued');
  useEffect(() => {
    if (active || !next || started.current.has(next.key)) return;
    const { key, file } = next;
    started.current.add(key);
    const patch = (changes: Partial<UploadEntry>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...changes } : u)));
    patch({ status: 'uploading', progress: 0 });
    uploadPagePhoto(page.id, file, { onProgress: (progress) => patch({ progress }) })
      .then((saved) => {
        store(saved);
        setUploads((list) => list.filter((u) => u.key !== key));
      })
      .catch((error: unknown) => {
        const message = getValidationErrors(error)?.photo?.[0] ?? getApiErrorMessage(error);
        patch({ status: 'error', error: message });
      });
  }, [active, next, page.id, store]);

  const retry = (key: string) => {
    started.current.delete(key);
    setUploads((list) => list.map((x) => (x.key === key ? { ...x, status: 'queued', progress: 0 } : x)));
  };
  const discard = (key: string) => setUploads((list) => list.filter((x) => x.key !== key));

  return { uploads, rejected, slots, addFiles, retry, discard, clearRejected: () => setRejected([]) };
}
