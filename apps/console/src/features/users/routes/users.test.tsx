import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type Member } from '@vitrine/contracts';
import { demoUser, pageList, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, reply, type SentQuery } from '@/test/network';
import { UsersRoute } from './users';

function member(n: number, overrides: Partial<Member> = {}): Member {
  return {
    id: 100 + n,
    name: `Corretor ${n}`,
    email: `corretor${n}@imobiliaria.test`,
    role: 'agent',
    status: 'active',
    invited_at: null,
    joined_at: '2025-03-01T12:00:00.000Z',
    invite_expires_at: null,
    in_rotation: false,
    ...overrides,
  };
}

const me = member(0, { id: demoUser.id, name: demoUser.name, email: demoUser.email, role: 'owner' });
const TEAM = [me, ...Array.from({ length: 12 }, (_, i) => member(i + 1))];
TEAM[3] = member(3, {
  name: null,
  email: 'convidada@imobiliaria.test',
  status: 'invited',
  joined_at: null,
  invited_at: '2025-03-05T12:00:00.000Z',
  invite_expires_at: '2025-03-12T12:00:00.000Z',
});

/** The API's list: search on name/e-mail, role and status filters, 10 per page. */
function replyMembers(calls: SentQuery[] = []) {
  handle('listMembers', (config) => {
    const p = config.query;
    calls.push(p);
    let rows = TEAM;
    if (p.search) rows = rows.filter((m) => `${m.name} ${m.email}`.toLowerCase().includes(String(p.search)));
    if (p.role) rows = rows.filter((m) => m.role === p.role);
    if (p.status) rows = rows.filter((m) => m.status === p.status);
    const perPage = Number(p.per_page);
    const current = Number(p.page);
    return pageList(rows.slice((current - 1) * perPage, current * perPage), {
      total: rows.length,
      current_page: current,
      per_page: perPage,
    });
  });
  handle('getTeamSettings', {
    data: { rotation_enabled: false, agents_see_all_leads: false, rotation_user_ids: [] },
  });
  handle('listAuditLog', {
    ...pageList([], { total: 0, current_page: 1, per_page: 10 }),
    data: [
      {
        id: 1,
        action: 'member.role_changed',
        actor: { id: demoUser.id, name: 'Ana Demo' },
        subject: '101',
        details: { email: 'corretor1@imobiliaria.test', from: 'agent', to: 'admin' },
        created_at: '2025-03-06T12:00:00.000Z',
      },
    ],
    meta: { current_page: 1, per_page: 10, total: 1, last_page: 1, from: 1, to: 1 },
  });
  return calls;
}

function renderUsers(role: 'owner' | 'admin' | 'agent' = 'owner') {
  const user = { ...demoUser, real_estates: [{ ...demoUser.real_estates[0]!, role }] };
  return renderWithRouter([{ path: '/usuarios', element: <UsersRoute /> }], {
    auth: fakeAuth({ user }),
    initialEntries: ['/usuarios'],
  });
}

describe('/usuarios', () => {
  it('lists 10 members a page with role and status, and pages on', async () => {
    const calls = replyMembers();
    renderUsers();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByTestId('member-row')).toHaveLength(10);
    expect(calls[0]).toMatchObject({ page: '1', per_page: '10' });
    const invited = within(table).getByText('convidada@imobiliaria.test').closest('tr')!;
    expect(within(invited as HTMLElement).getByText('Convite pendente')).toBeInTheDocument();
    expect(
      within(invited as HTMLElement).getByRole('button', { name: /Reenviar convite/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/de 13 usuários/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByTestId('member-row')).toHaveLength(3),
    );
    // the owner reads the audit log
    expect(
      await screen.findByText(/mudou o papel de corretor1@imobiliaria.test de Corretor para Administrador/),
    ).toBeInTheDocument();
  });

  it('searches by name or e-mail and filters by role and status', async () => {
    const calls = replyMembers();
    renderUsers();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Buscar por nome ou e-mail'), 'corretor12');
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ search: 'corretor12', page: '1' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByTestId('member-row')).toHaveLength(1),
    );
    await userEvent.clear(screen.getByLabelText('Buscar por nome ou e-mail'));
    await userEvent.selectOptions(screen.getByLabelText('Filtrar por status'), 'invited');
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ status: 'invited' }));
    await userEvent.selectOptions(screen.getByLabelText('Filtrar por papel'), 'owner');
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ role: 'owner', status: 'invited' }));
    expect(await screen.findByText('Nenhum usuário encontrado')).toBeInTheDocument();
  });

  it('invites by e-mail and role, and shows the server’s field message', async () => {
    setXsrfCookie('token');
    replyMembers();
    const sent: unknown[] = [];
    handle(
      'inviteMember',
      (config) => {
        sent.push(config.body);
        return failure(422, {
          message: TEAM_MESSAGES.alreadyMember,
          errors: { email: [TEAM_MESSAGES.alreadyMember] },
        });
      },
      { once: true },
    );
    handle(
      'inviteMember',
      (config) => {
        sent.push(config.body);
        return {
          data: member(50, { status: 'invited' }),
          message: 'Convite enviado para nova@imobiliaria.test.',
        };
      },
      { once: true },
    );
    renderUsers('admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Convidar usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convidar usuário' });
    // an admin cannot grant Proprietário
    expect(within(dialog).queryByRole('option', { name: 'Proprietário' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'corretor1@imobiliaria.test');
    await userEvent.selectOptions(within(dialog).getByLabelText('Papel'), 'admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findAllByText(TEAM_MESSAGES.alreadyMember)).not.toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'nova@imobiliaria.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { email: 'corretor1@imobiliaria.test', role: 'admin' },
      { email: 'nova@imobiliaria.test', role: 'admin' },
    ]);
  });

  it('changes a role with {user_id, role} and removes with {user_id}', async () => {
    setXsrfCookie('token');
    replyMembers();
    const calls: [string, unknown][] = [];
    handle('updateMember', (config) => {
      calls.push(['PUT', config.body]);
      return { data: member(1, { role: 'admin' }) };
    });
    handle('removeMember', (config) => {
      calls.push(['DELETE', config.body]);
      return reply(204);
    });
    renderUsers();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getAllByLabelText('Papel de Corretor 1')[0]!, 'admin');
    await userEvent.click(screen.getAllByRole('button', { name: 'Remover Corretor 2' })[0]!);
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/perde o acesso a esta imobiliária imediatamente/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() =>
      expect(calls).toEqual([
        ['PUT', { user_id: 101, role: 'admin' }],
        ['DELETE', { user_id: 102 }],
      ]),
    );
  });

  it('offers no "Remover" on your own row (table and card), only on the others', async () => {
    replyMembers();
    renderUsers();
    const table = await screen.findByRole('table');
    const myRow = within(table).getByText('(você)').closest('tr') as HTMLElement;
    expect(within(myRow).queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: `Remover ${demoUser.name}` })).toEqual([]);
    const myCard = screen
      .getAllByTestId('member-card')
      .find((card) => within(card).queryByText('(você)')) as HTMLElement;
    expect(within(myCard).queryByRole('button', { name: /Remover/ })).toBeNull();
    // another owner-manageable member still has it
    expect(screen.getAllByRole('button', { name: 'Remover Corretor 1' })).toHaveLength(2);
  });

  it('tells an agent the screen is not theirs, without calling the API', async () => {
    const calls = replyMembers();
    renderUsers('agent');
    expect(await screen.findByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convidar usuário' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
