/**
 * A page's photos: several files at once with a real progress bar each, client-side checks,
 * drag (or keyboard) to reorder with the first as the cover, alternative texts and deletion. Each
 * change goes to the server at once; the page in the query cache follows the server's answers.
 * The parts are in ./photos: the uploads queue and the photo actions as hooks, one component each.
 */
import type { Page } from '@vitrine/contracts';
import { PhotoDropZone } from './photos/photo-drop-zone';
import { PhotoGrid } from './photos/photo-grid';
import { RejectedFilesAlert } from './photos/rejected-files-alert';
import { UploadList } from './photos/upload-list';
import { usePhotoActions } from './photos/use-photo-actions';
import { usePhotoUploads } from './photos/use-photo-uploads';

export function PhotosManager({ realEstateId, page }: { realEstateId: number; page: Page }) {
  const { uploads, rejected, slots, addFiles, retry, discard, clearRejected } = usePhotoUploads(
    realEstateId,
    page,
  );
  const { applyOrder, remove, saveAlt } = usePhotoActions(realEstateId, page);
  const photos = page.photos;

  return (
    <div className="grid gap-4">
      <PhotoDropZone count={photos.length} slots={slots} onFiles={addFiles} />
      <RejectedFilesAlert rejected={rejected} onClose={clearRejected} />
      <UploadList uploads={uploads} onRetry={retry} onDiscard={discard} />
      {photos.length > 0 ? (
        <PhotoGrid
          photos={photos}
          onOrder={(order) => void applyOrder(order)}
          onDelete={(photo) => void remove(photo)}
          onAlt={saveAlt}
        />
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
