import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Lead } from '@vitrine/contracts';
import { api } from '@/lib/api-client';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { LeadAssignee } from './lead-assignee';

const AGENCY = demoUser.real_estates[0]!.id;
const mock = new MockAdapter(api);
afterEach(() => mock.reset());
afterAll(() => mock.restore());

const lead = { id: 'lead-1', assigned_user_id: null } as unknown as Lead;
const members = {
  data: [{ id: 7, name: 'Bruno Corretor', email: 'bruno@imobiliaria.test', role: 'agent', status: 'active' }],
  meta: { current_page: 1, per_page: 100, total: 1, last_page: 1, from: 1, to: 1 },
  links: { first: '', last: '', prev: null, next: null },
};

function renderAssignee(role: 'owner' | 'agent', value: Lead = lead) {
  const user = { ...demoUser, real_estates: [{ ...demoUser.real_estates[0]!, role }] };
  return renderWithRouter(
    [{ path: '/leads', element: <LeadAssignee realEstateId={AGENCY} lead={value} /> }],
    {
      auth: fakeAuth({ user }),
      initialEntries: ['/leads'],
    },
  );
}

describe('LeadAssignee', () => {
  it('lets a manager assign the lead to an active member (PUT /v1/leads/{id}/assignee)', async () => {
    setXsrfCookie('token');
    const bodies: unknown[] = [];
    mock.onGet(`/v1/real-estates/${AGENCY}/users`).reply(200, members);
    mock.onPut('/v1/leads/lead-1/assignee').reply((config) => {
      bodies.push(JSON.parse(String(config.data)));
      return [200, { data: { ...lead, assigned_user_id: 7 } }];
    });
    renderAssignee('owner');
    const select = await screen.findByLabelText('Responsável');
    await screen.findByRole('option', { name: 'Bruno Corretor' });
    await userEvent.selectOptions(select, '7');
    await waitFor(() => expect(bodies).toEqual([{ user_id: 7 }]));
  });

  it('shows an agent whether the lead is theirs, without the members list', async () => {
    renderAssignee('agent', { ...lead, assigned_user_id: demoUser.id });
    expect(await screen.findByText('Você')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(mock.history.get).toHaveLength(0);
  });
});
