import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_VIDEO_MAX_BYTES, VIDEO_MESSAGES, type Video } from '@vitrine/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, reply, sent } from '@/test/network';
import type * as VideosApi from '../api/put-to-storage';
import { VideosManager } from './videos-manager';

// The PUT to storage goes through a seam the test drives: jsdom's XHR has no upload progress.
const put = vi.hoisted(() => ({
  fn: null as
    | null
    | ((
        ticket: unknown,
        file: File,
        opts: { onProgress?: (p: number) => void; signal?: AbortSignal },
      ) => Promise<void | VideosApi.UploadedParts>),
}));
vi.mock('../api/put-to-storage', async (importOriginal) => {
  const actual = await importOriginal<typeof VideosApi>();
  return {
    ...actual,
    putToStorage: (ticket: VideosApi.UploadTicket, file: File, opts = {}) => put.fn!(ticket, file, opts),
  };
});

const AGENCY = demoUser.real_estates[0]!.id;
const video = (id: string, over: Partial<Video> = {}): Video => ({
  id,
  page_id: 7,
  source: 'upload',
  status: 'ready',
  file_type: 'video/mp4',
  size_bytes: 1_500_000,
  url: `/files/videos/1/${id}/original.mp4`,
  embed_url: null,
  poster_url: `/files/videos/1/${id}/poster.jpg`,
  duration_seconds: 65,
  sequence: 0,
  status_message: null,
  created_at: '2026-11-20T12:00:00.000Z',
  ...over,
});
/** The list as the server answers it: the videos and, in meta, its upload limit. */
const listed = (data: Video[]) => ({ data, meta: { max_upload_bytes: DEFAULT_VIDEO_MAX_BYTES } });
const ticket: VideosApi.UploadTicket = {
  url: 'http://localhost/uploads/videos/x?sig',
  method: 'PUT',
  headers: { 'Content-Type': 'video/mp4' },
  expires_at: '2026-11-25T00:00:00Z',
};

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('t');
  put.fn = null;
});

function renderVideos() {
  return renderWithRouter(
    [
      {
        path: '/',
        element: (
          <>
            <VideosManager realEstateId={AGENCY} pageId={7} />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user: demoUser }) },
  );
}

const file = () => new File([new Uint8Array(2048)], 'tour.mp4', { type: 'video/mp4' });

describe('video section', () => {
  it('shows the empty state, then uploads with a real progress bar and lists the ready video', async () => {
    let list: Video[] = [];
    handle('listVideos', () => listed(list));
    let asked: unknown = null;
    handle('createVideoUploadUrl', (config) => {
      asked = config.body;
      return { data: { video: video('v1', { status: 'pending_upload', url: null }), upload: ticket } };
    });
    handle('finishVideoUpload', () => {
      const processing = video('v1', { status: 'processing', poster_url: null, duration_seconds: null });
      list = [processing];
      return { data: processing };
    });
    let progress: (p: number) => void = () => undefined;
    let release: () => void = () => undefined;
    put.fn = (_t, _f, opts) => {
      progress = opts.onProgress!;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const user = userEvent.setup();
    renderVideos();
    expect(await screen.findByText(/Nenhum vídeo ainda/)).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Escolher arquivos de vídeo'), file());
    const bar = await screen.findByRole('progressbar', { name: 'Envio de tour.mp4' });
    await waitFor(() => expect(asked).toEqual({ file_type: 'video/mp4', size_bytes: 2048 }));
    act(() => progress(42));
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText(/42% de/)).toBeInTheDocument();
    act(() => release());

    const item = await screen.findByTestId('page-video');
    expect(within(item).getByText('Processando')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('cancel aborts the transfer and drops the pending video', async () => {
    handle('listVideos', listed([]));
    handle('createVideoUploadUrl', {
      data: { video: video('v2', { status: 'pending_upload' }), upload: ticket },
    });
    let deleted = false;
    handle('deleteVideo', () => {
      deleted = true;
      return reply(204);
    });
    let signal: AbortSignal | undefined;
    put.fn = (_t, _f, opts) => {
      signal = opts.signal;
      return new Promise<void>(() => undefined);
    };
    const user = userEvent.setup();
    renderVideos();
    await screen.findByText(/Nenhum vídeo ainda/);
    await user.upload(screen.getByLabelText('Escolher arquivos de vídeo'), file());
    await waitFor(() => expect(signal).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Cancelar envio' }));
    expect(signal!.aborted).toBe(true);
    await waitFor(() => expect(deleted).toBe(true));
    expect(screen.queryByTestId('video-upload')).not.toBeInTheDocument();
  });

  it('a refused upload shows the server’s message, and "Tentar de novo" starts again', async () => {
    handle('listVideos', listed([]));
    handle(
      'createVideoUploadUrl',
      failure(422, {
        message: 'O vídeo passa do limite de 500 MB.',
        errors: { size_bytes: ['O vídeo passa do limite de 500 MB.'] },
      }),
      { once: true },
    );
    handle(
      'createVideoUploadUrl',
      { data: { video: video('v3', { status: 'pending_upload' }), upload: ticket } },
      { once: true },
    );
    handle('finishVideoUpload', { data: video('v3') });
    put.fn = () => Promise.resolve();
    const user = userEvent.setup();
    renderVideos();
    await screen.findByText(/Nenhum vídeo ainda/);
    await user.upload(screen.getByLabelText('Escolher arquivos de vídeo'), file());
    expect(await screen.findByRole('alert')).toHaveTextContent('O vídeo passa do limite de 500 MB.');
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(screen.queryByTestId('video-upload')).not.toBeInTheDocument());
    expect(sent('PATCH').map((r) => r.path)).toEqual(['/v1/videos/v3/upload-finished']);
  });

  it('names the server’s upload limit and refuses a bigger file before sending anything', async () => {
    handle('listVideos', { data: [], meta: { max_upload_bytes: 2 * 1024 * 1024 } });
    put.fn = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    renderVideos();
    expect(await screen.findByText('MP4, WebM ou MOV, até 2 MB.')).toBeInTheDocument();
    expect(screen.queryByText(/500 MB/)).not.toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grande.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('Escolher arquivos de vídeo'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('O vídeo passa do limite de 2 MB.');
    expect(sent('POST')).toEqual([]);
    expect(put.fn).not.toHaveBeenCalled();
    // A file within the limit goes.
    handle('createVideoUploadUrl', {
      data: { video: video('v9', { status: 'pending_upload' }), upload: ticket },
    });
    handle('finishVideoUpload', { data: video('v9') });
    await user.upload(
      screen.getByLabelText('Escolher arquivos de vídeo'),
      new File([new Uint8Array(2 * 1024 * 1024)], 'ok.mp4', { type: 'video/mp4' }),
    );
    await waitFor(() => expect(put.fn).toHaveBeenCalledTimes(1));
    expect(sent('POST')[0]!.body).toEqual({
      file_type: 'video/mp4',
      size_bytes: 2 * 1024 * 1024,
    });
  });

  it('after a multipart upload, upload-finished gets the parts’ ETags', async () => {
    handle('listVideos', listed([]));
    handle('createVideoUploadUrl', {
      data: { video: video('v7', { status: 'pending_upload' }), upload: ticket },
    });
    handle('finishVideoUpload', { data: video('v7') });
    const parts = [
      { number: 1, etag: '"a"' },
      { number: 2, etag: '"b"' },
    ];
    put.fn = () => Promise.resolve(parts);
    const user = userEvent.setup();
    renderVideos();
    await screen.findByText(/Nenhum vídeo ainda/);
    await user.upload(screen.getByLabelText('Escolher arquivos de vídeo'), file());
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]!.body).toEqual({ parts });
  });

  it('checks a link before sending it, and adds a YouTube link', async () => {
    let list: Video[] = [];
    handle('listVideos', () => listed(list));
    handle('addVideoFromUrl', (config) => {
      const added = video('v4', { source: 'youtube', url: config.body.url, poster_url: null });
      list = [added];
      return { data: added };
    });
    const user = userEvent.setup();
    renderVideos();
    await screen.findByText(/Nenhum vídeo ainda/);
    const input = screen.getByLabelText('Ou adicione um link');
    await user.type(input, 'https://exemplo.com/pagina');
    await user.click(screen.getByRole('button', { name: 'Adicionar link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VIDEO_MESSAGES.url);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(sent('POST')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Adicionar link' }));
    const item = await screen.findByTestId('page-video');
    expect(within(item).getByText('YouTube')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('moves a video with the keyboard and sends change-sequence', async () => {
    handle('listVideos', listed([video('a'), video('b', { sequence: 1, source: 'vimeo' })]));
    let sent: unknown = null;
    handle('reorderVideos', (config) => {
      sent = config.body;
      return { data: [] };
    });
    const user = userEvent.setup();
    renderVideos();
    const grip = await screen.findByRole('button', { name: 'Mover Vídeo 2 de 2' });
    grip.focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp]');
    await user.keyboard('[Space]');
    await waitFor(() =>
      expect(sent).toEqual({
        videos: [
          { id: 'b', sequence: 0 },
          { id: 'a', sequence: 1 },
        ],
      }),
    );
  });
});
