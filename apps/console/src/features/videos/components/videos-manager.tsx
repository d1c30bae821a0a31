/**
 * The page editor's video section: upload files straight to storage (progress, cancel, retry), add
 * YouTube/Vimeo/direct links, reorder by drag and drop or keyboard, delete. Saved at once, like photos.
 */
import { useQueryClient } from '@tanstack/react-query';
import { VIDEO_FILE_TYPES, formatBytes, type Video } from '@vitrine/contracts';
import { Film, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { addVideoFromUrl } from '../api/add-video-from-url';
import { deleteVideo } from '../api/delete-video';
import { videosKeys } from '../api/keys';
import { usePageVideos, type PageVideos } from '../api/list-videos';
import { changeVideoSequence } from '../api/reorder-videos';
import { useVideoUploads } from './use-video-uploads';
import { VideoLinkForm } from './video-link-form';
import { VideoList } from './video-list';
import { VideoUploadList } from './video-upload-list';

export function VideosManager({ realEstateId, pageId }: { realEstateId: number; pageId: number }) {
  const queryClient = useQueryClient();
  const query = usePageVideos(realEstateId, pageId);
  // The server's limit, once the list has answered (the server checks it again in any case).
  const maxBytes = query.data?.maxUploadBytes;
  const { uploads, addFiles, cancel, retry, discard } = useVideoUploads(realEstateId, pageId, maxBytes);
  const input = useRef<HTMLInputElement>(null);
  const key = videosKeys.page(realEstateId, pageId);
  // Uploads still on their way show in the upload list, not here.
  const videos = (query.data?.videos ?? []).filter((v) => v.status !== 'pending_upload');

  const applyOrder = async (ids: string[]) => {
    const previous = queryClient.getQueryData<PageVideos>(key);
    queryClient.setQueryData<PageVideos>(key, (data) =>
      data
        ? { ...data, videos: ids.map((id) => data.videos.find((v) => v.id === id)!).filter(Boolean) }
        : data,
    );
    try {
      await changeVideoSequence(ids);
      void queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      if (previous) queryClient.setQueryData(key, previous);
      toast({
        variant: 'danger',
        title: 'A nova ordem não foi salva',
        description: getApiErrorMessage(error),
      });
    }
  };
  const remove = async (video: Video) => {
    try {
      await deleteVideo(video.id);
      queryClient.setQueryData<PageVideos>(key, (data) =>
        data ? { ...data, videos: data.videos.filter((v) => v.id !== video.id) } : data,
      );
      toast({ variant: 'success', title: 'Vídeo excluído' });
    } catch (error) {
      toast({ variant: 'danger', title: 'O vídeo não foi excluído', description: getApiErrorMessage(error) });
    }
  };
  const addLink = async (url: string) => {
    await addVideoFromUrl(pageId, url);
    await queryClient.invalidateQueries({ queryKey: key });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-5 text-center">
        <Film className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          {maxBytes ? `MP4, WebM ou MOV, até ${formatBytes(maxBytes)}.` : 'MP4, WebM ou MOV.'}
        </p>
        <Button type="button" variant="outline" onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" /> Enviar vídeo
        </Button>
        <input
          ref={input}
          type="file"
          accept={[...VIDEO_FILE_TYPES, '.mov', '.mp4', '.webm'].join(',')}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Escolher arquivos de vídeo"
          onChange={(e) => {
            addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      <VideoUploadList uploads={uploads} onCancel={cancel} onRetry={retry} onDiscard={discard} />
      <VideoLinkForm onAdd={addLink} />
      {query.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Carregando vídeos...">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : query.isError ? (
        <Alert variant="danger">
          Não foi possível carregar os vídeos. {getApiErrorMessage(query.error)}{' '}
          <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
            Tentar de novo
          </Button>
        </Alert>
      ) : videos.length > 0 ? (
        <VideoList videos={videos} onOrder={(ids) => void applyOrder(ids)} onDelete={(v) => void remove(v)} />
      ) : (
        uploads.length === 0 && (
          <p className="text-center text-sm text-muted-foreground">
            Nenhum vídeo ainda. Envie um tour do imóvel ou cole um link do YouTube ou do Vimeo.
          </p>
        )
      )}
    </div>
  );
}
