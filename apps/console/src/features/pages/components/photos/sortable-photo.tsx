import type { PagePhotoView } from '@vitrine/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { GripVertical, Star, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { photoSrc } from '../../photo-url';

/** One photo of the grid: the handle to move it, its alternative text, "Capa" and delete. */
export function SortablePhoto({
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
