import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriesPoints } from '../report';
import { TimeSeriesChart } from './time-series-chart';

const points = seriesPoints([
  { date: '2025-03-08', visitors: 30, sessions: 31, pageviews: 90, leads: 0 },
  { date: '2025-03-09', visitors: 50, sessions: 52, pageviews: 120, leads: 2 },
  { date: '2025-03-10', visitors: 40, sessions: 41, pageviews: 95, leads: 1 },
]);

describe('TimeSeriesChart', () => {
  it('says in words what the drawing shows, and switches the figure', async () => {
    const user = userEvent.setup();
    render(<TimeSeriesChart points={points} periodText="08/03/2025 a 10/03/2025" />);
    const figure = screen.getByRole('figure', { name: 'Evolução no período' });
    expect(figure).toHaveTextContent(
      'Visitantes: 120 em 08/03/2025 a 10/03/2025. Maior número em 09/03/2025, com 50.',
    );
    await user.click(screen.getByRole('radio', { name: 'Leads' }));
    expect(figure).toHaveTextContent(
      'Leads: 3 em 08/03/2025 a 10/03/2025. Maior número em 09/03/2025, com 2.',
    );
    expect(screen.getByRole('radio', { name: 'Leads' })).toBeChecked();
  });

  it('has the same numbers as a table for keyboards and screen readers', async () => {
    const user = userEvent.setup();
    render(<TimeSeriesChart points={points} periodText="o período" />);
    await user.click(screen.getByText('Ver os números'));
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('09/03/2025501202');
  });
});
