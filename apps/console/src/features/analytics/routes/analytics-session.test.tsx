import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { LEAD_ID, makeSessionDetail, makeTimeline, SESSION_ID } from '@/test/analytics-fixtures';
import { handle, reply, type SentQuery } from '@/test/network';
import { AnalyticsSessionRoute } from './analytics-session';

let params: SentQuery | undefined;
beforeEach(() => {
  params = undefined;
});

function answerTimeline(body: unknown, status = 200) {
  handle('listAnalyticsEvents', (config) => {
    params = config.query;
    return reply(status, body);
  });
}

function renderSession(id = SESSION_ID) {
  return renderWithRouter([{ path: '/analytics/session/:sessionId', element: <AnalyticsSessionRoute /> }], {
    auth: fakeAuth({ user: demoUser }),
    initialEntries: [`/analytics/session/${id}`],
  });
}

describe('/analytics/session/{sessionId}', () => {
  it('tells the visit event by event, in São Paulo time and in Portuguese', async () => {
    answerTimeline(makeTimeline());
    renderSession();
    const timeline = await screen.findByRole('list', { name: 'Linha do tempo da sessão' });
    expect(params).toEqual({ session_id: SESSION_ID, per_page: '500' });
    const items = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '14:05:00Abriu a página “Casa no Butantã”',
      '14:05:20Rolou 75% da página',
      '14:05:31Viu a foto 3',
      '14:06:00Deu play no vídeo',
      '14:07:02Clicou no WhatsApp',
      '14:08:00Começou a preencher o formulário',
      '14:09:30Enviou o formulário e virou lead',
    ]);
    expect(screen.getByText('10/03/2025 14:05 a 14:09 · 4 min 30 s')).toBeInTheDocument();
  });

  it('shows the device, source, campaign and pages seen, and links to the lead', async () => {
    answerTimeline(
      makeTimeline(
        makeSessionDetail({
          pages: [
            { id: 3, title: 'Casa no Butantã' },
            { id: 4, title: 'Apartamento na Vila Mariana' },
          ],
        }),
      ),
    );
    renderSession();
    const lead = await screen.findByTestId('session-lead');
    expect(within(lead).getByRole('link', { name: 'Ver o lead' })).toHaveAttribute(
      'href',
      `/leads?lead=${LEAD_ID}`,
    );
    const visitorCard = screen
      .getByRole('heading', { name: 'Visitante' })
      .closest('[data-slot=card]') as HTMLElement;
    expect(visitorCard).toHaveTextContent('DispositivoCelular');
    expect(visitorCard).toHaveTextContent('OrigemGoogle');
    expect(visitorCard).toHaveTextContent('Site de origemgoogle.com');
    expect(visitorCard).toHaveTextContent('Campanha (utm_campaign)verao');
    expect(visitorCard).toHaveTextContent('AnúncioGoogle Ads (gclid)');
    const visit = screen.getByRole('heading', { name: 'Visita' }).closest('[data-slot=card]') as HTMLElement;
    expect(visit).toHaveTextContent('Tempo engajado1 min 35 s');
    expect(visit).toHaveTextContent('Rolagem máxima75%');
    const pages = screen
      .getByRole('heading', { name: 'Páginas vistas (2)' })
      .closest('[data-slot=card]') as HTMLElement;
    expect(within(pages).getByRole('link', { name: 'Apartamento na Vila Mariana' })).toHaveAttribute(
      'href',
      '/paginas/4',
    );
  });

  it('a visit without a lead says so', async () => {
    answerTimeline(makeTimeline(makeSessionDetail({ lead_id: null })));
    renderSession();
    expect(await screen.findByRole('heading', { name: 'Sem lead' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver o lead' })).toBeNull();
  });

  it("another agency's or an unknown session: not found, no retry", async () => {
    answerTimeline({ message: 'Sessão não encontrada.' }, 404);
    renderSession('outra');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sessão não encontrada');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('other errors offer a retry; while loading a skeleton', async () => {
    handle('listAnalyticsEvents', () => new Promise(() => undefined));
    const view = renderSession();
    expect(await screen.findByRole('status', { name: 'Carregando a sessão...' })).toBeInTheDocument();
    view.unmount();
    answerTimeline({ message: 'Erro interno.' }, 500);
    renderSession();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
