/**
 * Videos on their way, one entry each: request an upload URL, PUT the file to storage with a real
 * progress bar, mark the upload finished (docs/product.md#videos). Cancel aborts the transfer and drops the
 * pending video; retry starts the three steps again with the same file.
 */
import { useQueryClient } from '@tanstack/react-query';
import { VIDEO_FILE_TYPES, VIDEO_MESSAGES, tooLargeMessage, type VideoFileType } from '@vitrine/contracts';
import { useCallback, useRef, useState } from 'react';
import { getApiErrorMessage } from '@/lib/api-errors';
import { generateUploadUrl } from '../api/create-video-upload-url';
import { deleteVideo } from '../api/delete-video';
import { markUploadFinished } from '../api/finish-video-upload';
import { videosKeys } from '../api/keys';
import { putToStorage, UploadError } from '../api/put-to-storage';

export interface VideoUpload {
  key: string;
  file: File;
  status: 'requesting' | 'uploading' | 'finishing' | 'error';
  progress: number;
  error?: string;
}

let counter = 0;

/** The type the server accepts, from the browser's guess or the extension (some systems leave .mov blank). */
export function videoFileType(file: File): VideoFileType | null {
  if ((VIDEO_FILE_TYPES as readonly string[]).includes(file.type)) return file.type as VideoFileType;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (ext === 'mp4' || ext === 'm4v') return 'video/mp4';
  if (ext === 'webm') return 'video/webm';
  if (ext === 'mov') return 'video/quicktime';
  return null;
}

/** `maxBytes`: the server's limit (the list's meta); a bigger file is refused before anything is sent. */
export function useVideoUploads(realEstateId: number, pageId: number, maxBytes?: number) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<VideoUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const pending = useRef(new Map<string, string>());

  const patch = useCallback((key: string, values: Partial<VideoUpload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...values } : u)));
  }, []);
  const drop = useCallback((key: string) => {
    setUploads((list) => list.filter((u) => u.key !== key));
    controllers.current.delete(key);
  }, []);
  /** The pending video of an upload that will not finish: removed now rather than by the 24 h clean-up. */
  const forget = useCallback((key: string) => {
    const videoId = pending.current.get(key);
    pending.current.delete(key);
    // Best effort: the clean-up job removes it anyway after 24 h.
    if (videoId) deleteVideo(videoId).catch(() => undefined);
  }, []);

  const run = useCallback(
    async (key: string, file: File) => {
      const type = videoFileType(file);
      if (!type) {
        patch(key, { status: 'error', error: VIDEO_MESSAGES.fileType });
        return;
      }
      if (maxBytes !== undefined && file.size > maxBytes) {
        patch(key, { status: 'error', error: tooLargeMessage(maxBytes) });
        return;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      patch(key, { status: 'requesting', progress: 0, error: undefined });
      try {
        const { video, upload } = await generateUploadUrl(pageId, type, file.size);
        pending.current.set(key, video.id);
        patch(key, { status: 'uploading' });
        const parts = await putToStorage(upload, file, {
          signal: controller.signal,
          onProgress: (progress) => patch(key, { progress }),
        });
        patch(key, { status: 'finishing', progress: 100 });
        await markUploadFinished(video.id, parts);
        pending.current.delete(key);
        drop(key);
        await queryClient.invalidateQueries({ queryKey: videosKeys.page(realEstateId, pageId) });
      } catch (error) {
        if (error instanceof UploadError && error.aborted) return;
        patch(key, {
          status: 'error',
          error: error instanceof UploadError ? error.message : getApiErrorMessage(error),
        });
        // A failed check deleted the file on the server; the pending row goes too.
        forget(key);
      }
    },
    [drop, forget, maxBytes, pageId, patch, queryClient, realEstateId],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = `v${++counter}`;
        setUploads((list) => [...list, { key, file, status: 'requesting', progress: 0 }]);
        void run(key, file);
      }
    },
    [run],
  );

  const cancel = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      forget(key);
      drop(key);
    },
    [drop, forget],
  );

  const retry = useCallback(
    (key: string) => {
      const entry = uploads.find((u) => u.key === key);
      if (entry) void run(key, entry.file);
    },
    [run, uploads],
  );

  return { uploads, addFiles, cancel, retry, discard: drop };
}
