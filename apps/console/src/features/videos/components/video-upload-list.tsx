import { MediaUploadItem, MediaUploadList } from '@/components/media/media-upload-list';
import { formatBytes } from '@/lib/utils';
import type { VideoUpload } from './use-video-uploads';

const STEP: Record<VideoUpload['status'], string> = {
  requesting: 'Preparando envio...',
  uploading: '',
  finishing: 'Conferindo o arquivo...',
  error: 'Falhou',
};

/** The videos on their way: a real progress bar each, cancel while sending, retry or discard after a failure. */
export function VideoUploadList({
  uploads,
  onCancel,
  onRetry,
  onDiscard,
}: {
  uploads: VideoUpload[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <MediaUploadList label="Envios de vídeos">
      {uploads.map((u) => (
        <MediaUploadItem
          key={u.key}
          testId="video-upload"
          name={u.file.name}
          status={
            u.status === 'uploading'
              ? `${Math.round(u.progress)}% de ${formatBytes(u.file.size)}`
              : STEP[u.status]
          }
          progress={u.status === 'requesting' ? null : u.progress}
          failed={u.status === 'error'}
          error={u.error}
          onRetry={() => onRetry(u.key)}
          onDiscard={() => onDiscard(u.key)}
          // Once the file is sent, the server's check cannot be cancelled.
          onCancel={u.status === 'finishing' ? undefined : () => onCancel(u.key)}
        />
      ))}
    </MediaUploadList>
  );
}
