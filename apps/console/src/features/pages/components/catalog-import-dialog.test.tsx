import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, reply } from '@/test/network';
import { pagesKeys } from '../api/keys';
import { makeImport, pageList } from '../test-fixtures';
import { checkCatalogFile } from '../catalog-file';
import { CatalogImportDialog } from './catalog-import-dialog';

const AGENCY = demoUser.real_estates[0]!.id;

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('t');
  handle('listImports', pageList([]));
});

function renderDialog() {
  const view = renderWithRouter(
    [
      {
        path: '/',
        element: (
          <>
            <CatalogImportDialog realEstateId={AGENCY} trigger={<Button>Importar catálogo</Button>} />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user: demoUser }) },
  );
  return view;
}

const csv = (name = 'catalogo.csv', text = 'home_listing_id,name\nVI-1,Casa\n') =>
  new File([text], name, { type: 'text/csv' });

describe('catalog import', () => {
  it('uploads the file, polls the import every second until done, shows the report and refreshes the list', async () => {
    const id = makeImport().id;
    let upload: FormData | null = null;
    handle('importFacebookCatalog', (config) => {
      upload = config.body as FormData;
      return reply(202, { data: makeImport({ status: 'queued' }) });
    });
    const answers = [
      makeImport({ status: 'running', progress: 45, rows_total: 3, created: 2 }),
      makeImport({
        status: 'done',
        progress: 100,
        rows_total: 7,
        created: 6,
        rejected_count: 1,
        rejected: [
          {
            row: 8,
            home_listing_id: 'VI-1007',
            reason: 'preço em USD ("2,500 USD"): só importamos preços em reais (BRL).',
          },
        ],
        finished_at: '2025-03-10T12:00:05Z',
      }),
    ];
    let polls = 0;
    handle('getImport', ({ params }) =>
      params.id === id ? { data: answers[Math.min(polls++, answers.length - 1)]! } : failure(404),
    );

    const { queryClient } = renderDialog();
    // A list of the agency, to see it refreshed when the import ends.
    queryClient.setQueryData(pagesKeys.list(AGENCY, { page: 1, per_page: 15 }), pageList([]));

    await userEvent.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await userEvent.upload(within(dialog).getByLabelText('Arquivo do catálogo'), csv());

    await waitFor(() => expect(upload).not.toBeNull());
    expect(upload!.get('real_estate_id')).toBe(String(AGENCY));
    expect((upload!.get('catalog') as File).name).toBe('catalogo.csv');

    const report = await within(dialog).findByTestId('import-report');
    expect(
      await within(report).findByText('45% · 3 imóveis lidos', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(report).getByRole('progressbar', { name: 'Andamento da importação' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );

    expect(await within(dialog).findByText('Concluída', {}, { timeout: 3000 })).toBeInTheDocument();
    const counts = Object.fromEntries(
      within(report)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(counts).toEqual({ Criadas: '6', Atualizadas: '0', 'Sem mudança': '0', Rejeitadas: '1' });
    const rows = within(within(report).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('8VI-1007preço em USD');
    expect(within(report).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    // Polling stops once done, and the pages list is marked stale.
    const after = polls;
    await new Promise((r) => setTimeout(r, 1300));
    expect(polls).toBe(after);
    expect(queryClient.getQueryState(pagesKeys.list(AGENCY, { page: 1, per_page: 15 }))?.isInvalidated).toBe(
      true,
    );
    expect(within(dialog).getByRole('button', { name: 'Ver páginas' })).toBeInTheDocument();
  }, 10_000);

  it('imports as drafts unless "Publicar ao importar" is checked (unchecked by default)', async () => {
    const sent: FormData[] = [];
    handle('importFacebookCatalog', (config) => {
      sent.push(config.body as FormData);
      return reply(202, { data: makeImport({ status: 'queued' }) });
    });
    handle('getImport', {
      data: makeImport({ status: 'done', progress: 100, finished_at: '2025-03-10T12:00:05Z' }),
    });
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    const box = within(dialog).getByRole('checkbox', { name: 'Publicar ao importar' });
    expect(box).not.toBeChecked();
    expect(within(dialog).getByText(/as páginas novas entram como rascunho/)).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('Arquivo do catálogo'), csv());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('publish')).toBe('false');

    // another file, this time published on import
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Importar outro arquivo' }, { timeout: 3000 }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Publicar ao importar' }));
    await userEvent.upload(within(dialog).getByLabelText('Arquivo do catálogo'), csv());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.get('publish')).toBe('true');
  });

  it('keeps following the import after the dialog is closed, and tells the result', async () => {
    const id = makeImport().id;
    handle('importFacebookCatalog', reply(202, { data: makeImport({ status: 'queued' }) }));
    let polls = 0;
    handle('getImport', ({ params }) =>
      params.id === id
        ? {
            data:
              polls++ === 0
                ? makeImport({ status: 'running', progress: 10 })
                : makeImport({ status: 'done', progress: 100, created: 6, rejected_count: 1 }),
          }
        : failure(404),
    );
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await userEvent.upload(within(dialog).getByLabelText('Arquivo do catálogo'), csv());
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Continuar em segundo plano' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText('Importação do catálogo concluída', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('6 criadas, 0 atualizadas, 1 rejeitadas.')).toBeInTheDocument();
  }, 10_000);

  it('shows the server’s 422 when the file is not a catalog, and lets another file be picked', async () => {
    handle(
      'importFacebookCatalog',
      failure(422, {
        message: 'O arquivo não é um catálogo.',
        errors: {
          catalog: [
            'O arquivo não é um catálogo de imóveis da Meta: a coluna home_listing_id não foi encontrada.',
          ],
        },
      }),
    );
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Importar catálogo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar catálogo' });
    await userEvent.upload(
      within(dialog).getByLabelText('Arquivo do catálogo'),
      csv('notas.csv', 'nome,idade\n'),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível importar este arquivo');
    expect(alert).toHaveTextContent('a coluna home_listing_id não foi encontrada');
    expect(within(dialog).getByRole('button', { name: 'Escolher arquivo' })).toBeInTheDocument();
  });

  it('refuses other kinds of file before uploading', () => {
    expect(checkCatalogFile(new File(['x'], 'foto.jpg', { type: 'image/jpeg' }))).toMatch(/CSV, TSV ou XML/);
    expect(checkCatalogFile(new File([], 'vazio.csv'))).toBe('O arquivo está vazio.');
    expect(checkCatalogFile(csv('feed.XML'))).toBeNull();
  });
});
