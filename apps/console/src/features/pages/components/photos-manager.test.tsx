import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@vitrine/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle } from '@/test/network';
import { usePage } from '../api/get-page';
import { pagesKeys } from '../api/keys';
import type * as PagePhotosApi from '../api/page-photos';
import { makePage } from '../test-fixtures';
import { PhotosManager } from './photos-manager';

// The upload goes through a seam the test controls: jsdom's XHR never reports upload progress.
const uploadControl = vi.hoisted(() => ({
  fn: null as
    null | ((pageId: number, file: File, opts: { onProgress?: (p: number) => void }) => Promise<unknown>),
}));
vi.mock('../api/page-photos', async (importOriginal) => {
  const actual = await importOriginal<typeof PagePhotosApi>();
  return {
    ...actual,
    uploadPagePhoto: (pageId: number, file: File, opts: { onProgress?: (p: number) => void } = {}) =>
      uploadControl.fn ? uploadControl.fn(pageId, file, opts) : actual.uploadPagePhoto(pageId, file, opts),
  };
});

const AGENCY = demoUser.real_estates[0]!.id;
const photo = (id: string) => ({ id, url: `/files/${id}.jpg`, width: 800, height: 600, alt: null });

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('t');
  uploadControl.fn = null;
});

function Harness() {
  const page = usePage(AGENCY, 7).data;
  return page ? <PhotosManager realEstateId={AGENCY} page={page} /> : null;
}

function renderPhotos(page: Page) {
  handle('getPage', { data: page });
  const view = renderWithRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Harness />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user: demoUser }) },
  );
  view.queryClient.setQueryData(pagesKeys.detail(AGENCY, 7), page);
  return view;
}

const order = () =>
  screen.getAllByTestId('page-photo').map((li) => li.querySelector('img')?.getAttribute('src'));

describe('photos', () => {
  it('"Capa" moves a photo to the front at once and sends the new order', async () => {
    const page = makePage({ id: 7, photos: [photo('a'), photo('b'), photo('c')] });
    let sent: unknown = null;
    handle('reorderPagePhotos', (config) => {
      sent = config.body;
      return { data: { ...page, photos: [photo('c'), photo('a'), photo('b')] } };
    });
    renderPhotos(page);
    expect(await screen.findAllByTestId('page-photo')).toHaveLength(3);
    expect(screen.getByText('Capa', { selector: '[data-slot=badge]' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Definir foto 3 de 3 como capa' }));
    expect(order()).toEqual(['/files/c.jpg', '/files/a.jpg', '/files/b.jpg']);
    await waitFor(() => expect(sent).toEqual({ order: ['c', 'a', 'b'] }));
  });

  it('puts the old order back when the server refuses the new one', async () => {
    const page = makePage({ id: 7, photos: [photo('a'), photo('b')] });
    handle(
      'reorderPagePhotos',
      failure(422, { message: 'Envie todos os ids das fotos da página.', errors: {} }),
    );
    renderPhotos(page);
    await screen.findAllByTestId('page-photo');
    await userEvent.click(screen.getByRole('button', { name: 'Definir foto 2 de 2 como capa' }));
    expect(await screen.findByText('Não foi possível reordenar as fotos')).toBeInTheDocument();
    expect(order()).toEqual(['/files/a.jpg', '/files/b.jpg']);
  });

  it('checks files before uploading and shows each upload’s progress until the photo lands', async () => {
    const page = makePage({ id: 7, photos: [] });
    let report: ((p: number) => void) | undefined;
    let finish: (() => void) | undefined;
    const uploaded: string[] = [];
    uploadControl.fn = (_id, file, { onProgress }) => {
      uploaded.push(file.name);
      report = onProgress;
      return new Promise((resolve) => {
        finish = () => resolve({ ...page, photos: [photo('new')] });
      });
    };
    const { queryClient } = renderPhotos(page);
    await screen.findByText(/Nenhuma foto ainda/);

    await userEvent.upload(
      screen.getByLabelText('Enviar fotos'),
      [
        new File(['gif'], 'anim.gif', { type: 'image/gif' }),
        new File(['png'], 'fachada.png', { type: 'image/png' }),
      ],
      { applyAccept: false },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'anim.gif: Formato não aceito: envie JPEG, PNG ou WebP.',
    );
    await waitFor(() => expect(uploaded).toEqual(['fachada.png']));

    act(() => report?.(40));
    const bar = screen.getByRole('progressbar', { name: 'Envio de fachada.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(
      within(screen.getByRole('list', { name: 'Envios de fotos' })).getByText(/40% de/),
    ).toBeInTheDocument();

    await act(async () => finish?.());
    expect(await screen.findAllByTestId('page-photo')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Envios de fotos' })).toBeNull();
    expect(queryClient.getQueryData<Page>(pagesKeys.detail(AGENCY, 7))?.photos.map((p) => p.id)).toEqual([
      'new',
    ]);
  });

  it('saves a photo’s alternative text when the field is left', async () => {
    const page = makePage({ id: 7, photos: [photo('a'), photo('b')] });
    let sent: unknown = null;
    handle('reorderPagePhotos', (config) => {
      sent = config.body;
      return { data: { ...page, photos: [{ ...photo('a'), alt: 'Sala ampla' }, photo('b')] } };
    });
    renderPhotos(page);
    const input = await screen.findByLabelText('Texto alternativo da foto 1 de 2 (capa)');
    await userEvent.type(input, 'Sala ampla');
    await userEvent.tab();
    await waitFor(() => expect(sent).toEqual({ order: ['a', 'b'], alt: { a: 'Sala ampla' } }));
  });
});
