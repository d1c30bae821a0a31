import { MediaUploadItem, MediaUploadList } from '@/components/media/media-upload-list';
import { formatBytes } from '@/lib/utils';
import type { UploadEntry } from './use-photo-uploads';

/** The photos on their way: a real progress bar each; a failed one offers to retry or discard. */
export function UploadList({
  uploads,
  onRetry,
  onDiscard,
}: {
  uploads: UploadEntry[];
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <MediaUploadList label="Envios de fotos">
      {uploads.map((u) => (
        <MediaUploadItem
          key={u.key}
          name={u.file.name}
          status={
            u.status === 'queued'
              ? 'Na fila'
              : u.status === 'uploading'
                ? `${Math.round(u.progress)}% de ${formatBytes(u.file.size)}`
                : 'Falhou'
          }
          progress={u.status === 'queued' ? 0 : u.progress}
          failed={u.status === 'error'}
          error={u.error}
          onRetry={() => onRetry(u.key)}
          onDiscard={() => onDiscard(u.key)}
        />
      ))}
    </MediaUploadList>
  );
}
