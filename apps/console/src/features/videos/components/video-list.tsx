import { arrayMove } from '@dnd-kit/sortable';
import type { Video } from '@vitrine/contracts';
import { Film, Link2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import {
  DeleteMediaButton,
  DragHandle,
  SortableMediaItem,
  SortableMediaList,
  type MediaNoun,
} from '@/components/media/sortable-media-list';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { cn, formatBytes } from '@/lib/utils';

const SOURCE_LABELS: Record<Video['source'], string> = {
  upload: 'Vídeo enviado',
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  url: 'Link de vídeo',
};
const STATUS: Record<Video['status'], { label: string; tone: BadgeTone }> = {
  pending_upload: { label: 'Aguardando envio', tone: 'gray' },
  processing: { label: 'Processando', tone: 'yellow' },
  ready: { label: 'Pronto', tone: 'green' },
  failed: { label: 'Falhou', tone: 'red' },
};

/** "1:05" */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const VIDEO: MediaNoun = { name: 'Vídeo', indefinite: 'um vídeo', feminine: false };

/** The page's videos in display order, dragged (or moved with the keyboard) to reorder. */
export function VideoList({
  videos,
  onOrder,
  onDelete,
}: {
  videos: readonly Video[];
  onOrder: (ids: string[]) => void;
  onDelete: (video: Video) => void;
}) {
  const onMove = (activeId: string, overId: string | null) => {
    if (!overId || activeId === overId) return;
    const from = videos.findIndex((v) => v.id === activeId);
    const to = videos.findIndex((v) => v.id === overId);
    if (from < 0 || to < 0) return;
    onOrder(arrayMove([...videos], from, to).map((v) => v.id));
  };
  return (
    <SortableMediaList
      items={videos}
      noun={VIDEO}
      layout="list"
      label="Vídeos da página, na ordem de exibição"
      className="grid gap-2"
      onMove={onMove}
    >
      {(video, index) => (
        <SortableVideo
          key={video.id}
          video={video}
          index={index}
          total={videos.length}
          onDelete={() => onDelete(video)}
        />
      )}
    </SortableMediaList>
  );
}

function SortableVideo({
  video,
  index,
  total,
  onDelete,
}: {
  video: Video;
  index: number;
  total: number;
  onDelete: () => void;
}) {
  const [posterFailed, setPosterFailed] = useState(false);
  const label = `Vídeo ${index + 1} de ${total}`;
  const status = STATUS[video.status];
  const details = [
    video.duration_seconds ? formatDuration(video.duration_seconds) : null,
    video.size_bytes ? formatBytes(video.size_bytes) : null,
  ].filter(Boolean);

  return (
    <SortableMediaItem
      id={video.id}
      layout="list"
      data-testid="page-video"
      data-status={video.status}
      className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2 shadow-xs"
    >
      {(handle) => (
        <>
          <DragHandle
            handle={handle}
            label={`Mover ${label}`}
            className="shrink-0 text-muted-foreground hover:bg-muted hover:text-foreground"
          />
          <div className="relative flex aspect-video w-24 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted sm:w-32">
            {video.poster_url && !posterFailed ? (
              <img
                onError={() => setPosterFailed(true)}
                src={video.poster_url}
                alt=""
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
              />
            ) : video.status === 'processing' ? (
              <Spinner className="size-5" />
            ) : video.source === 'upload' ? (
              <Film className="size-6 text-muted-foreground" aria-hidden="true" />
            ) : (
              <Link2 className="size-6 text-muted-foreground" aria-hidden="true" />
            )}
          </div>
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <span className="text-sm font-medium">{SOURCE_LABELS[video.source]}</span>
              <Badge tone={status.tone}>{status.label}</Badge>
            </div>
            {video.source !== 'upload' && video.url && (
              <a
                href={video.url}
                target="_blank"
                rel="noreferrer noopener"
                className="truncate text-xs text-muted-foreground underline-offset-2 hover:underline"
              >
                {video.url}
              </a>
            )}
            {details.length > 0 && (
              <span className="text-xs text-muted-foreground tabular-nums">{details.join(' · ')}</span>
            )}
            {video.status_message && (
              <p
                className={cn(
                  'flex items-start gap-1 text-xs',
                  video.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
                )}
              >
                {video.status === 'failed' && (
                  <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                )}
                {video.status_message}
              </p>
            )}
          </div>
          <DeleteMediaButton
            label={`Excluir ${label.toLowerCase()}`}
            className="h-8 shrink-0"
            title="Excluir este vídeo?"
            description={
              video.source === 'upload'
                ? 'O vídeo sai da página e o arquivo é apagado do armazenamento.'
                : 'O link sai da página.'
            }
            confirmLabel="Excluir vídeo"
            onConfirm={onDelete}
          />
        </>
      )}
    </SortableMediaItem>
  );
}
