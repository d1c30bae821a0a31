import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BreakdownCard } from './breakdown-card';

const rows = Array.from({ length: 10 }, (_, i) => ({
  key: `s${i}`,
  label: `Origem ${i + 1}`,
  visitors: 100 - i,
  leads: i % 3,
}));

describe('BreakdownCard', () => {
  it('ranks the first 8 rows as a table, the rest on request', async () => {
    const user = userEvent.setup();
    render(<BreakdownCard title="Origens e campanhas" column="Origem" rows={rows} />);
    const table = screen.getByRole('table', { name: 'Origens e campanhas' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(8);
    expect(within(table).getByRole('columnheader', { name: 'Visitantes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar mais 2' }));
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Mostrar menos' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('a row can filter by itself; an empty breakdown says so', async () => {
    const user = userEvent.setup();
    const onFilter = vi.fn();
    const { rerender } = render(
      <BreakdownCard
        title="Dispositivos"
        column="Dispositivo"
        rows={[{ key: 'mobile', label: 'Celular', visitors: 3, leads: 1, onFilter }]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Filtrar por Celular' }));
    expect(onFilter).toHaveBeenCalledOnce();
    rerender(<BreakdownCard title="Dispositivos" column="Dispositivo" rows={[]} empty="Nenhuma visita." />);
    expect(screen.getByText('Nenhuma visita.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
