import type { PagePhotoView } from '@vitrine/contracts';
import { Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { DeleteMediaButton, DragHandle, SortableMediaItem } from '@/components/media/sortable-media-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
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
  const [alt, setAlt] = useState(photo.alt ?? '');
  const [failed, setFailed] = useState(false);
  const altId = useId();
  useEffect(() => setAlt(photo.alt ?? ''), [photo.alt]);

  const label = `Foto ${index + 1} de ${total}${index === 0 ? ' (capa)' : ''}`;

  return (
    <SortableMediaItem
      id={photo.id}
      layout="grid"
      data-testid="page-photo"
      className="relative grid min-w-0 grid-cols-1 gap-2 rounded-lg border bg-card p-2 shadow-xs"
    >
      {(handle) => (
        <>
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
            <DragHandle
              handle={handle}
              label={`Mover ${label}`}
              className="absolute top-1.5 right-1.5 bg-background/90 text-foreground shadow-sm hover:bg-background"
            />
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
            <DeleteMediaButton
              label={`Excluir ${label.toLowerCase()}`}
              className="h-7"
              title="Excluir esta foto?"
              description={
                index === 0
                  ? 'Ela é a capa: a próxima foto passa a ser a capa.'
                  : 'A foto sai da página e o arquivo é apagado.'
              }
              confirmLabel="Excluir foto"
              onConfirm={onDelete}
            />
          </div>
        </>
      )}
    </SortableMediaItem>
  );
}
