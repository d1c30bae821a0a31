import type { Page, PagePhotoView } from '@vitrine/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { pagesKeys } from '../../api/keys';
import { deletePagePhoto, updatePagePhotos } from '../../api/page-photos';
import { useStorePage } from '../../api/update-page';

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

/** Deleting a photo and saving its alternative text; each goes to the server at once. */
export function usePhotoActions(realEstateId: number, page: Page) {
  const store = useStorePage(realEstateId);
  const applyOrder = usePhotoOrder(realEstateId, page);

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

  /** True when saved (or unchanged); false when the server refused, so the field goes back. */
  const saveAlt = async (photo: PagePhotoView, alt: string) => {
    const text = alt.trim() || null;
    if (text === (photo.alt ?? null)) return true;
    try {
      store(
        await updatePagePhotos(
          page.id,
          page.photos.map((p) => p.id),
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

  return { applyOrder, remove, saveAlt };
}
