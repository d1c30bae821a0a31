import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Lead, Member } from '@vitrine/contracts';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { LeadAssignee } from './lead-assignee';
import { handle, sent } from '@/test/network';

const AGENCY = demoUser.real_estates[0]!.id;

const lead = { id: 'lead-1', assigned_user_id: null } as unknown as Lead;
const members = {
  data: [
    {
      id: 7,
      name: 'Bruno Corretor',
      email: 'bruno@imobiliaria.test',
      role: 'agent',
      status: 'active',
      invited_at: null,
      joined_at: '2025-03-01T12:00:00.000Z',
      invite_expires_at: null,
      in_rotation: false,
    } satisfies Member,
  ],
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
    handle('listMembers', members);
    handle('assignLead', ({ params, body }) => {
      bodies.push({ id: params.id, body });
      return { data: { ...lead, assigned_user_id: 7 } };
    });
    renderAssignee('owner');
    const select = await screen.findByLabelText('Responsável');
    await screen.findByRole('option', { name: 'Bruno Corretor' });
    await userEvent.selectOptions(select, '7');
    await waitFor(() => expect(bodies).toEqual([{ id: 'lead-1', body: { user_id: 7 } }]));
  });

  it('shows an agent whether the lead is theirs, without the members list', async () => {
    renderAssignee('agent', { ...lead, assigned_user_id: demoUser.id });
    expect(await screen.findByText('Você')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(sent('GET')).toHaveLength(0);
  });
});
