import type { PagePhotoView } from '@vitrine/contracts';
import { SortableMediaList, type MediaNoun } from '@/components/media/sortable-media-list';
import { movePhoto, reorderPhotos } from '../../photo-files';
import { SortablePhoto } from './sortable-photo';

const PHOTO: MediaNoun = {
  name: 'Foto',
  indefinite: 'uma foto',
  feminine: true,
  first: { moved: ' Agora ela é a capa.', instructions: ' A primeira foto é a capa.' },
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
  return (
    <SortableMediaList
      items={photos}
      noun={PHOTO}
      layout="grid"
      label="Fotos da página (a primeira é a capa)"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3"
      onMove={(activeId, overId) => {
        const order = reorderPhotos(photos, activeId, overId);
        if (order) onOrder(order);
      }}
    >
      {(photo, index) => (
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
      )}
    </SortableMediaList>
  );
}
