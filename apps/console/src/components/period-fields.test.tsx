import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PeriodFields } from './period-fields';

describe('PeriodFields', () => {
  it('hands over each day and says under "Até" when it comes before "De"', async () => {
    const onChange = vi.fn();
    render(<PeriodFields id="p" from="2025-03-10" to="2025-03-01" onChange={onChange} />);
    expect(screen.getByLabelText('De')).toHaveValue('10/03/2025');
    expect(screen.getByLabelText('Até')).toHaveAccessibleDescription(
      expect.stringContaining('Até: a data final é anterior à inicial (10/03/2025).'),
    );
    await userEvent.clear(screen.getByLabelText('De'));
    // Leads: an emptied field removes the day.
    expect(onChange).toHaveBeenLastCalledWith({ from: '' });
  });

  it("required (Analytics' custom period): an emptied field keeps its day", async () => {
    const onChange = vi.fn();
    render(<PeriodFields id="p" from="2025-03-01" to="2025-03-10" onChange={onChange} required />);
    expect(screen.getByLabelText('Até')).not.toHaveAccessibleDescription(expect.stringContaining('anterior'));
    await userEvent.clear(screen.getByLabelText('Até'));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Até'), '12032025');
    expect(onChange).toHaveBeenLastCalledWith({ to: '2025-03-12' });
  });
});
