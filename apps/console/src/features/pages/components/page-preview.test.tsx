import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_VIDEO_MAX_BYTES, type UpdatePageInput } from '@vitrine/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, sent } from '@/test/network';
import { PageDetailRoute } from '../routes/page-detail';
import { makePage } from '../test-fixtures';
import { PagePreview } from './page-preview';

let bodies: Record<string, unknown>[] = [];

beforeEach(() => {
  setXsrfCookie('t');
  bodies = [];
});

/** The server's preview: the landing HTML of the fields it was sent. */
function answerPreviews(status = 200) {
  handle('previewPage', (config) => {
    const body = config.body as Record<string, unknown>;
    bodies.push(body);
    return status === 200
      ? `<!doctype html><h1>${String(body.title)}</h1>`
      : failure(status, { message: 'Falha no servidor.' });
  });
}

const frame = () => screen.findByTitle(/^Pré-visualização da página pública/);

function renderPreview(fields: UpdatePageInput | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <PagePreview realEstateId={10} page={makePage({ id: 7 })} fields={fields} debounceMs={0} />
    </QueryClientProvider>,
  );
}

describe('PagePreview', () => {
  it('asks the server to render the fields and shows its HTML in a sandboxed frame', async () => {
    answerPreviews();
    renderPreview({ title: 'Casa com quintal', price_cents: 100_000 });
    expect(screen.getByRole('status', { name: 'Carregando a pré-visualização...' })).toBeInTheDocument();
    const iframe = await frame();
    expect(iframe).toHaveAttribute('srcdoc', '<!doctype html><h1>Casa com quintal</h1>');
    expect(iframe).toHaveAttribute('sandbox', '');
    expect(bodies).toEqual([{ title: 'Casa com quintal', price_cents: 100_000 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Computador' }));
    expect(await frame()).toHaveAttribute('title', 'Pré-visualização da página pública (computador)');
    expect(bodies).toHaveLength(1);
  });

  it('asks nothing while the form has errors', async () => {
    answerPreviews();
    renderPreview(null);
    expect(
      screen.getByText('Corrija os campos destacados para atualizar a pré-visualização.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('says when the server could not render it, and tries again', async () => {
    answerPreviews(500);
    renderPreview({ title: 'Casa' });
    expect(await screen.findByText(/Não foi possível montar a pré-visualização/)).toBeInTheDocument();
    answerPreviews();
    await userEvent.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(await frame()).toHaveAttribute('srcdoc', '<!doctype html><h1>Casa</h1>');
  });
});

describe('the editor’s preview', () => {
  it('follows what the agent types, unsaved', async () => {
    const page = makePage({ id: 7, title: 'Apartamento em Pinheiros', status: 'published' });
    handle('getPage', { data: page });
    handle('listVideos', { data: [], meta: { max_upload_bytes: DEFAULT_VIDEO_MAX_BYTES } }); // the editor's videos box
    handle('getPageChannels', { data: [] }); // the editor's Portais e anúncios panel
    answerPreviews();
    renderWithRouter([{ path: '/paginas/:id', element: <PageDetailRoute /> }], {
      auth: fakeAuth({ user: demoUser }),
      initialEntries: ['/paginas/7'],
    });
    const title = await screen.findByLabelText('Título');
    const toggle = screen.getByRole('button', { name: 'Mostrar' });
    await userEvent.click(toggle);
    expect(await frame()).toHaveAttribute('srcdoc', '<!doctype html><h1>Apartamento em Pinheiros</h1>');

    await userEvent.clear(title);
    await userEvent.type(title, 'Cobertura');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ title: 'Cobertura', status: 'published' }), {
      timeout: 3000,
    });
    await waitFor(() =>
      expect(screen.getByTitle(/^Pré-visualização/)).toHaveAttribute(
        'srcdoc',
        '<!doctype html><h1>Cobertura</h1>',
      ),
    );
    // Typing is debounced: one request for the word, not one per letter.
    expect(bodies.length).toBeLessThan('Cobertura'.length);
    expect(sent('PUT')).toHaveLength(0);
  });
});
