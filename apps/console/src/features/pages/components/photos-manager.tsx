/**
 * A page's photos: several files at once with a real progress bar each, client-side checks,
 * drag (or keyboard) to reorder with the first as the cover, alternative texts and deletion. Each
 * change goes to the server at once; the page in the query cache follows the server's answers.
 */
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
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { PAGE_LIMITS, type Page, type PagePhotoView } from '@vitrine/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { GripVertical, ImagePlus, RotateCw, Star, Trash2, TriangleAlert, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { cn, formatBytes } from '@/lib/utils';
import { pagesKeys } from '../api/keys';
import { deletePagePhoto, updatePagePhotos, uploadPagePhoto } from '../api/page-photos';
import { useStorePage } from '../api/update-page';
import { checkPhotoFiles, movePhoto, PHOTO_ACCEPT, reorderPhotos } from '../photo-files';
import { photoSrc } from '../photo-url';

interface UploadEntry {
  key: string;
  file: File;
  progress: number;
  status: 'queued' | 'uploading' | 'error';
  error?: string;
}

let uploadSeq = 0;

const position = (photos: readonly PagePhotoView[], id: string | number) =>
  photos.findIndex((p) => p.id === id) + 1;

function announcements(photos: readonly PagePhotoView[]): Announcements {
  const n = photos.length;
  return {
    onDragStart: ({ active }) => `Foto ${position(photos, active.id)} de ${n} selecionada para mover.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Foto ${position(photos, active.id)} sobre a posição ${position(photos, over.id)} de ${n}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Foto ${position(photos, active.id)} movida para a posição ${position(photos, over.id)} de ${n}.${position(photos, over.id) === 1 ? ' Agora ela é a capa.' : ''}`
        : 'Foto solta fora da lista; a ordem não mudou.',
    onDragCancel: () => 'Movimento cancelado; a ordem não mudou.',
  };
}

const screenReaderInstructions = {
  draggable:
    'Para mover uma foto, pressione espaço ou Enter, use as setas para escolher a nova posição e pressione espaço ou Enter de novo. Escape cancela. A primeira foto é a capa.',
};

/** Applies a new photo order: shown at once, sent to the server, undone if the server refuses. */
export function usePhotoOrder(realEstateId: number, page: Page) {
  const queryClient = useQueryClient();
  const store = useStorePage(realEstateId);
  return useCallback(
    async (next: PagePhotoView[]) => {
      const key = pagesKeys.detail(realEstateId, page.id);
      const previous = queryClient.getQueryData<Page>(key);
      queryClient.setQueryData<Page>(key, (current) => (current ? { ...current, photos: next } : current));
      try {
        store(
          await updatePagePhotos(
            page.id,
            next.map((p) => p.id),
          ),
        );
        return true;
      } catch (error) {
        if (previous) queryClient.setQueryData(key, previous);
        toast({
          variant: 'danger',
          title: 'Não foi possível reordenar as fotos',
          description: getApiErrorMessage(error),
        });
        return false;
      }
    },
    [queryClient, store, realEstateId, page.id],
  );
}

export function PhotosManager({ realEstateId, page }: { realEstateId: number; page: Page }) {
  const store = useStorePage(realEstateId);
  const applyOrder = usePhotoOrder(realEstateId, page);
  const [uploads, setUploads] = useState<UploadEntry[]>([]);
  const [rejected, setRejected] = useState<{ name: string; reason: string }[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Uploads already started (StrictMode runs effects twice; a file must go up once).
  const started = useRef(new Set<string>());
  const inputId = useId();
  const photos = page.photos;
  const slots = PAGE_LIMITS.photos - photos.length - uploads.filter((u) => u.status !== 'error').length;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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

  // One upload at a time, in the order picked: each bar moves for real, and the photos land in that order.
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

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    addFiles(Array.from(e.dataTransfer.files));
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    const order = reorderPhotos(photos, String(dragged.id), over ? String(over.id) : null);
    if (order) void applyOrder(order);
  };

  const remove = async (photo: PagePhotoView) => {
    try {
      store(await deletePagePhoto(page.id, photo.id));
      toast({ variant: 'success', title: 'Foto excluída' });
    } catch (error) {
      toast({
        variant: 'danger',
        title: 'Não foi possível excluir a foto',
        description: getApiErrorMessage(error),
      });
    }
  };

  const saveAlt = async (photo: PagePhotoView, alt: string) => {
    const text = alt.trim() || null;
    if (text === (photo.alt ?? null)) return true;
    try {
      store(
        await updatePagePhotos(
          page.id,
          photos.map((p) => p.id),
          { [photo.id]: text },
        ),
      );
      return true;
    } catch (error) {
      toast({
        variant: 'danger',
        title: 'Não foi possível salvar o texto da foto',
        description: getApiErrorMessage(error),
      });
      return false;
    }
  };

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          dragging ? 'border-primary bg-accent' : 'border-input',
        )}
      >
        <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm">
          <span className="hidden sm:inline">Arraste fotos para cá ou </span>
          <Button
            variant="link"
            className="h-auto p-0 align-baseline"
            disabled={slots <= 0}
            onClick={() => inputRef.current?.click()}
          >
            <span className="sm:hidden">Escolher fotos</span>
            <span className="hidden sm:inline">escolha no computador</span>
          </Button>
        </p>
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          JPEG, PNG ou WebP, até {formatBytes(PAGE_LIMITS.photoBytes)} cada · {photos.length}/
          {PAGE_LIMITS.photos} fotos
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-label="Enviar fotos"
          aria-describedby={`${inputId}-hint`}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>

      {rejected.length > 0 && (
        <Alert variant="warning">
          <div className="flex items-start justify-between gap-2">
            <div>
              <p className="font-medium">
                {rejected.length === 1
                  ? 'Um arquivo não foi enviado:'
                  : `${rejected.length} arquivos não foram enviados:`}
              </p>
              <ul className="mt-1 list-disc pl-4">
                {rejected.map((r, i) => (
                  <li key={`${r.name}-${i}`} className="break-words">
                    <strong>{r.name}</strong>: {r.reason}
                  </li>
                ))}
              </ul>
            </div>
            <button
              type="button"
              aria-label="Fechar aviso"
              onClick={() => setRejected([])}
              className="rounded-md p-1 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        </Alert>
      )}

      {uploads.length > 0 && (
        <ul aria-label="Envios de fotos" className="grid gap-2">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1.5 rounded-lg border p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate font-medium" title={u.file.name}>
                  {u.file.name}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {u.status === 'queued'
                    ? 'Na fila'
                    : u.status === 'uploading'
                      ? `${Math.round(u.progress)}% de ${formatBytes(u.file.size)}`
                      : 'Falhou'}
                </span>
              </div>
              <Progress
                value={u.status === 'queued' ? 0 : u.status === 'error' ? 100 : u.progress}
                tone={u.status === 'error' ? 'red' : 'brand'}
                label={`Envio de ${u.file.name}`}
              />
              {u.status === 'error' && (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p role="alert" className="flex items-center gap-1 text-xs text-destructive">
                    <TriangleAlert className="size-3.5" aria-hidden="true" /> {u.error}
                  </p>
                  <div className="flex gap-1">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        started.current.delete(u.key);
                        setUploads((list) =>
                          list.map((x) => (x.key === u.key ? { ...x, status: 'queued', progress: 0 } : x)),
                        );
                      }}
                    >
                      <RotateCw aria-hidden="true" /> Tentar de novo
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                    >
                      Descartar
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {photos.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: announcements(photos), screenReaderInstructions }}
        >
          <SortableContext items={photos.map((p) => p.id)} strategy={rectSortingStrategy}>
            <ol
              aria-label="Fotos da página (a primeira é a capa)"
              className="grid grid-cols-2 gap-3 sm:grid-cols-3"
            >
              {photos.map((photo, index) => (
                <SortablePhoto
                  key={photo.id}
                  photo={photo}
                  index={index}
                  total={photos.length}
                  onMakeCover={() => {
                    const order = movePhoto(photos, photo.id, 0);
                    if (order) void applyOrder(order);
                  }}
                  onDelete={() => void remove(photo)}
                  onAlt={(alt) => saveAlt(photo, alt)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        uploads.length === 0 && (
          <p className="text-center text-sm text-muted-foreground">
            Nenhuma foto ainda. A primeira que você enviar será a capa da página.
          </p>
        )
      )}
    </div>
  );
}

function SortablePhoto({
  photo,
  index,
  total,
  onMakeCover,
  onDelete,
  onAlt,
}: {
  photo: PagePhotoView;
  index: number;
  total: number;
  onMakeCover: () => void;
  onDelete: () => void;
  onAlt: (alt: string) => Promise<boolean>;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: photo.id,
    });
  const [alt, setAlt] = useState(photo.alt ?? '');
  const [failed, setFailed] = useState(false);
  const altId = useId();
  useEffect(() => setAlt(photo.alt ?? ''), [photo.alt]);

  const style = {
    transform: transform
      ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0) scaleX(${transform.scaleX}) scaleY(${transform.scaleY})`
      : undefined,
    transition,
  };
  const label = `Foto ${index + 1} de ${total}${index === 0 ? ' (capa)' : ''}`;

  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="page-photo"
      className={cn(
        'relative grid min-w-0 grid-cols-1 gap-2 rounded-lg border bg-card p-2 shadow-xs',
        isDragging && 'z-10 opacity-80 shadow-lg ring-2 ring-primary',
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-md bg-muted">
        {failed ? (
          <div className="flex size-full items-center justify-center text-xs text-muted-foreground">
            Imagem indisponível
          </div>
        ) : (
          <img
            src={photoSrc(photo, 240)}
            alt={photo.alt ?? ''}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
            onError={() => setFailed(true)}
          />
        )}
        {index === 0 && (
          <Badge tone="brand" className="absolute top-1.5 left-1.5 border-white/60 shadow-sm">
            <Star aria-hidden="true" /> Capa
          </Badge>
        )}
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Mover ${label}`}
          className="absolute top-1.5 right-1.5 inline-flex size-8 cursor-grab touch-none items-center justify-center rounded-md bg-background/90 text-foreground shadow-sm hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
      </div>
      <label htmlFor={altId} className="sr-only">
        Texto alternativo da {label.toLowerCase()}
      </label>
      <Input
        id={altId}
        value={alt}
        maxLength={200}
        placeholder="Descreva a foto (ex.: Sala com varanda)"
        className="h-8 text-xs md:text-xs"
        onChange={(e) => setAlt(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.blur();
          }
        }}
        onBlur={() => {
          void onAlt(alt).then((ok) => {
            if (!ok) setAlt(photo.alt ?? '');
          });
        }}
      />
      <div className="flex items-center justify-between gap-1">
        {index > 0 ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2"
            onClick={onMakeCover}
            aria-label={`Definir ${label.toLowerCase()} como capa`}
          >
            <Star aria-hidden="true" /> <span className="hidden sm:inline">Capa</span>
          </Button>
        ) : (
          <span className="px-2 text-xs text-muted-foreground">Capa da página</span>
        )}
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2 text-destructive hover:text-destructive"
              aria-label={`Excluir ${label.toLowerCase()}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title="Excluir esta foto?"
          description={
            index === 0
              ? 'Ela é a capa: a próxima foto passa a ser a capa.'
              : 'A foto sai da página e o arquivo é apagado.'
          }
          confirmLabel="Excluir foto"
          destructive
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
