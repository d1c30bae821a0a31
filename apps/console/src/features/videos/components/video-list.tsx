import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { Video } from '@vitrine/contracts';
import { Film, GripVertical, Link2, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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

const position = (videos: readonly Video[], id: string | number) => videos.findIndex((v) => v.id === id) + 1;

function announcements(videos: readonly Video[]): Announcements {
  const n = videos.length;
  return {
    onDragStart: ({ active }) => `Vídeo ${position(videos, active.id)} de ${n} selecionado para mover.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Vídeo ${position(videos, active.id)} sobre a posição ${position(videos, over.id)} de ${n}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Vídeo ${position(videos, active.id)} movido para a posição ${position(videos, over.id)} de ${n}.`
        : 'Vídeo solto fora da lista; a ordem não mudou.',
    onDragCancel: () => 'Movimento cancelado; a ordem não mudou.',
  };
}

const screenReaderInstructions = {
  draggable:
    'Para mover um vídeo, pressione espaço ou Enter, use as setas para escolher a nova posição e pressione espaço ou Enter de novo. Escape cancela.',
};

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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = videos.findIndex((v) => v.id === active.id);
    const to = videos.findIndex((v) => v.id === over.id);
    if (from < 0 || to < 0) return;
    onOrder(arrayMove([...videos], from, to).map((v) => v.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(videos), screenReaderInstructions }}
    >
      <SortableContext items={videos.map((v) => v.id)} strategy={verticalListSortingStrategy}>
        <ol aria-label="Vídeos da página, na ordem de exibição" className="grid gap-2">
          {videos.map((video, index) => (
            <SortableVideo
              key={video.id}
              video={video}
              index={index}
              total={videos.length}
              onDelete={() => onDelete(video)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: video.id });
  const style = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  const [posterFailed, setPosterFailed] = useState(false);
  const label = `Vídeo ${index + 1} de ${total}`;
  const status = STATUS[video.status];
  const details = [
    video.duration_seconds ? formatDuration(video.duration_seconds) : null,
    video.size_bytes ? formatBytes(video.size_bytes) : null,
  ].filter(Boolean);

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="page-video"
      data-status={video.status}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2 shadow-xs',
        isDragging && 'z-10 opacity-80 shadow-lg ring-2 ring-primary',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Mover ${label}`}
        className="inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
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
      <ConfirmDialog
        trigger={
          <Button
            size="sm"
            variant="ghost"
            className="h-8 shrink-0 px-2 text-destructive hover:text-destructive"
            aria-label={`Excluir ${label.toLowerCase()}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
        title="Excluir este vídeo?"
        description={
          video.source === 'upload'
            ? 'O vídeo sai da página e o arquivo é apagado do armazenamento.'
            : 'O link sai da página.'
        }
        confirmLabel="Excluir vídeo"
        destructive
        onConfirm={onDelete}
      />
    </li>
  );
}
