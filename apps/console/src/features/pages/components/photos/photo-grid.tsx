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
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { PagePhotoView } from '@vitrine/contracts';
import { movePhoto, reorderPhotos } from '../../photo-files';
import { SortablePhoto } from './sortable-photo';

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

/** The page's photos in order, dragged (or moved with the keyboard) to reorder; the first is the cover. */
export function PhotoGrid({
  photos,
  onOrder,
  onDelete,
  onAlt,
}: {
  photos: readonly PagePhotoView[];
  onOrder: (order: PagePhotoView[]) => void;
  onDelete: (photo: PagePhotoView) => void;
  onAlt: (photo: PagePhotoView, alt: string) => Promise<boolean>;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    const order = reorderPhotos(photos, String(dragged.id), over ? String(over.id) : null);
    if (order) onOrder(order);
  };

  return (
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
                if (order) onOrder(order);
              }}
              onDelete={() => onDelete(photo)}
              onAlt={(alt) => onAlt(photo, alt)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
