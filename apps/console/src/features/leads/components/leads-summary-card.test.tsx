import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { LeadsSummaryCard } from './leads-summary-card';
import { handle, sent } from '@/test/network';

const AGENCY = demoUser.real_estates[0]!.id;

const list = (total: number, quarantined: number) => ({
  data: [],
  meta: {
    current_page: 1,
    per_page: 1,
    total,
    last_page: Math.max(1, total),
    from: null,
    to: null,
    quarantined,
  },
  links: { first: '', last: '', prev: null, next: null },
});

function renderCard() {
  return renderWithRouter([{ path: '/dashboard', element: <LeadsSummaryCard realEstateId={AGENCY} /> }], {
    auth: fakeAuth({ user: demoUser }),
    initialEntries: ['/dashboard'],
  });
}

describe('LeadsSummaryCard (Dashboard)', () => {
  it('counts leads as the Leads screen does and shows the quarantine apart, each a link', async () => {
    handle('listLeads', list(12, 3));
    renderCard();
    const card = await screen.findByTestId('leads-summary');
    const leads = await within(card).findByRole('link', { name: '12 leads recebidos' });
    expect(leads).toHaveAttribute('href', '/leads');
    expect(within(card).getByRole('link', { name: '3 leads em quarentena' })).toHaveAttribute(
      'href',
      '/leads?quarantined=1',
    );
    // The same request as the Leads screen's list (same rule), just one row.
    expect(sent('GET')[0]!.query).toEqual({ page: '1', per_page: '1' });
  });

  it('without quarantine says nothing about it', async () => {
    handle('listLeads', list(1, 0));
    renderCard();
    const card = await screen.findByTestId('leads-summary');
    await within(card).findByRole('link', { name: '1 lead recebido' });
    expect(within(card).queryByText(/quarentena/)).toBeNull();
  });
});
