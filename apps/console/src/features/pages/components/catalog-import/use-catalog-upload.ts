import { useEffect, useRef, useState } from 'react';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { uploadCatalog } from '../../api/upload-catalog';
import { checkCatalogFile } from '../../catalog-file';
import type { Tracked } from './import-status';

export type UploadPhase = { name: 'pick' } | { name: 'uploading'; file: File; progress: number };

/**
 * Sending a catalog file: checked first, then uploaded with its progress; once the server has it,
 * `onTrack` follows the import. A refused file leaves `error` (the server's message when it is not
 * a catalog) and nothing changes. Leaving the dialog cancels the upload.
 */
export function useCatalogUpload(realEstateId: number, onTrack: (tracked: Tracked) => void) {
  const [phase, setPhase] = useState<UploadPhase>({ name: 'pick' });
  const [error, setError] = useState<string | null>(null);
  // Unchecked: the import creates drafts, nothing goes live without the agent deciding
  // (docs/product.md#catalog-import).
  const [publish, setPublish] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    const problem = checkCatalogFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    abort.current = new AbortController();
    setPhase({ name: 'uploading', file, progress: 0 });
    try {
      const created = await uploadCatalog(realEstateId, file, {
        signal: abort.current.signal,
        publish,
        onProgress: (progress) => setPhase((p) => (p.name === 'uploading' ? { ...p, progress } : p)),
      });
      setPhase({ name: 'pick' });
      onTrack({ importId: created.id, initial: created });
    } catch (err) {
      if (abort.current?.signal.aborted) return;
      // 422 "not a catalog": the server's message names what it found.
      setError(getValidationErrors(err)?.catalog?.[0] ?? getApiErrorMessage(err));
      setPhase({ name: 'pick' });
    }
  };

  const cancel = () => {
    abort.current?.abort();
    setPhase({ name: 'pick' });
  };

  return { phase, error, publish, setPublish, start, cancel };
}
