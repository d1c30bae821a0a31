import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

/** A controlled field, as the filters use it, recording every value handed over. */
function Harness({
  initial = '',
  min,
  max,
  onValue,
}: {
  initial?: string;
  min?: string;
  max?: string;
  onValue: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="De"
        value={value}
        min={min}
        max={max}
        onChange={(v) => {
          onValue(v);
          setValue(v);
        }}
      />
      <button type="button" onClick={() => setValue('2024-12-25')}>
        valor de fora
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

function setup(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const onValue = vi.fn();
  const user = userEvent.setup();
  render(<Harness onValue={onValue} {...props} />);
  return {
    user,
    onValue,
    input: screen.getByLabelText('De'),
    value: () => screen.getByTestId('value').textContent,
  };
}

describe('DateField: dd/mm/aaaa on screen, YYYY-MM-DD for the URL', () => {
  it('shows a stored day as dd/mm/aaaa, with a numeric keyboard and a format hint', () => {
    const { input } = setup({ initial: '2025-03-07' });
    expect(input).toHaveValue('07/03/2025');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(input).toHaveAccessibleDescription('Formato dia/mês/ano, por exemplo 31/12/2025.');
  });

  it('puts the slashes in while typing and hands over the ISO day once complete', async () => {
    const { user, input, onValue, value } = setup();
    await user.type(input, '0703');
    expect(input).toHaveValue('07/03');
    expect(onValue).not.toHaveBeenCalled();
    await user.type(input, '2025');
    expect(input).toHaveValue('07/03/2025');
    expect(onValue).toHaveBeenCalledExactlyOnceWith('2025-03-07');
    expect(value()).toBe('2025-03-07');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('refuses an impossible day with a Portuguese message tied to the field', async () => {
    const { user, input, onValue } = setup();
    await user.type(input, '31022025');
    expect(input).toHaveValue('31/02/2025');
    expect(onValue).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('De: 31/02/2025 não é uma data válida.'),
    );
    // Fixing it clears the message and sends the day.
    await user.clear(input);
    await user.type(input, '28022025');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/não é uma data válida/)).not.toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith('2025-02-28');
  });

  it('refuses months past 12 and 29/02 outside leap years', async () => {
    const { user, input, onValue } = setup();
    await user.type(input, '01132025');
    expect(screen.getByText('De: 01/13/2025 não é uma data válida.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '29022025');
    expect(screen.getByText('De: 29/02/2025 não é uma data válida.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '29022024');
    expect(onValue).toHaveBeenLastCalledWith('2024-02-29');
  });

  it('asks for the whole date when left unfinished', async () => {
    const { user, input, onValue } = setup();
    await user.type(input, '0703');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('De: digite a data completa, no formato dd/mm/aaaa.'),
    );
    expect(onValue).not.toHaveBeenCalled();
  });

  it('emptying the field removes the date', async () => {
    const { user, input, onValue, value } = setup({ initial: '2025-03-07' });
    await user.clear(input);
    expect(onValue).toHaveBeenCalledExactlyOnceWith('');
    expect(value()).toBe('');
  });

  it('follows a value changed from outside (back button, "Limpar filtros")', async () => {
    const { user, input } = setup({ initial: '2025-03-07' });
    await user.click(screen.getByRole('button', { name: 'valor de fora' }));
    expect(input).toHaveValue('25/12/2024');
  });

  it('keeps what is being typed when the URL echoes an earlier change late', async () => {
    // The filters hand values to the URL, which comes back a moment later as the new value.
    let flush = () => {};
    function Late() {
      const [value, setValue] = useState('2020-12-31');
      const queue = useRef<string[]>([]);
      useEffect(() => {
        flush = () => queue.current.splice(0).forEach(setValue);
      });
      return <DateField label="Até" value={value} onChange={(v) => queue.current.push(v)} />;
    }
    const user = userEvent.setup();
    render(<Late />);
    const input = screen.getByLabelText('Até');
    await user.clear(input);
    await user.type(input, '24');
    act(() => flush()); // the echo of the clearing
    await user.type(input, '112026');
    expect(input).toHaveValue('24/11/2026');
  });

  it('keeps the day typed when the field is left before the URL echoes it', async () => {
    // The CI flake: "De" typed, focus moves to "Até" while the URL update is still in flight.
    let flush = () => {};
    function Late() {
      const [value, setValue] = useState('');
      const queue = useRef<string[]>([]);
      useEffect(() => {
        flush = () => queue.current.splice(0).forEach(setValue);
      });
      return (
        <>
          <DateField label="De" value={value} onChange={(v) => queue.current.push(v)} />
          <input aria-label="Outro campo" />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Late />);
    const input = screen.getByLabelText('De');
    await user.type(input, '01012020');
    await user.click(screen.getByLabelText('Outro campo'));
    expect(input).toHaveValue('01/01/2020');
    act(() => flush());
    expect(input).toHaveValue('01/01/2020');
  });

  it('takes a value changed from outside while typing once the field is left', async () => {
    let setOutside = (_: string) => {};
    function Outside() {
      const [value, setValue] = useState('2025-03-07');
      setOutside = setValue;
      return (
        <>
          <DateField label="De" value={value} onChange={setValue} />
          <input aria-label="Outro campo" />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Outside />);
    const input = screen.getByLabelText('De');
    await user.click(input);
    await user.type(input, '{Backspace}');
    act(() => setOutside('2024-12-25'));
    expect(input).toHaveValue('07/03/202');
    await user.click(screen.getByLabelText('Outro campo'));
    expect(input).toHaveValue('25/12/2024');
  });

  it('shows an error given from outside, tied to the field', () => {
    render(
      <DateField
        label="Até"
        value="2025-01-01"
        onChange={() => {}}
        error="Até: a data final é anterior à inicial."
      />,
    );
    const input = screen.getByLabelText('Até');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Até: a data final é anterior à inicial.'),
    );
  });
});

describe('DateField calendar', () => {
  // The calendar is a lazy chunk: load it once up front so that no test waits on its first import.
  beforeAll(() => import('./date-calendar'));

  it('opens on the chosen month in Portuguese and picks a day with the keyboard', async () => {
    const { user, onValue, input } = setup({ initial: '2025-03-07' });
    await user.click(screen.getByRole('button', { name: 'Escolher no calendário: De' }));
    const grid = await screen.findByRole('grid', { name: 'março 2025' });
    expect(grid).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir para o próximo mês' })).toBeInTheDocument();
    expect(screen.getByText('março de 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { hidden: true }).map((th) => th.textContent)).toEqual([
      'dom',
      'seg',
      'ter',
      'qua',
      'qui',
      'sex',
      'sáb',
    ]);
    // The selected day has the focus; arrows move it, Enter picks.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/7 de março de 2025/));
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(onValue).toHaveBeenCalledExactlyOnceWith('2025-03-15');
    expect(input).toHaveValue('15/03/2025');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
  });

  it('cannot pick a day past the bound', async () => {
    const { user } = setup({ initial: '2025-03-07', max: '2025-03-10' });
    await user.click(screen.getByRole('button', { name: 'Escolher no calendário: De' }));
    await screen.findByRole('grid');
    expect(screen.getByRole('button', { name: /11 de março de 2025/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /10 de março de 2025/ })).toBeEnabled();
  });

  it("marks the agency's today (São Paulo), not the browser's", async () => {
    // 01:30 UTC on 1 April is still 31 March in São Paulo.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-04-01T01:30:00Z') });
    try {
      const user = userEvent.setup();
      render(<DateField label="De" value="" onChange={() => {}} />);
      await user.click(screen.getByRole('button', { name: 'Escolher no calendário: De' }));
      expect(await screen.findByRole('grid', { name: 'março 2025' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Hoje, / })).toHaveAccessibleName(/31 de março de 2025/);
    } finally {
      await act(async () => {
        vi.useRealTimers();
      });
    }
  });
});
