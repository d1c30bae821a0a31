import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MoneyInput } from './money-input';

function Harness({ initial = null as number | null, onChange = vi.fn() }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label htmlFor="price">Preço</label>
      <MoneyInput
        id="price"
        value={value}
        onValueChange={(cents) => {
          setValue(cents);
          onChange(cents);
        }}
      />
      <button type="button" onClick={() => setValue(12_345)}>
        reset
      </button>
      <output>{String(value)}</output>
    </>
  );
}

describe('MoneyInput (reais typed in pt-BR, cents in the form)', () => {
  it('shows cents as reais and reports what is typed as cents', async () => {
    const onChange = vi.fn();
    render(<Harness initial={85_000_000} onChange={onChange} />);
    const input = screen.getByLabelText('Preço');
    expect(input).toHaveValue('850.000,00');

    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await userEvent.type(input, '1.250.000,5');
    expect(onChange).toHaveBeenLastCalledWith(125_000_050);
    // The text stays as typed until the field is left, then takes the canonical form.
    expect(input).toHaveValue('1.250.000,5');
    await userEvent.tab();
    expect(input).toHaveValue('1.250.000,50');
  });

  it('plain digits are whole reais; letters are ignored', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Preço');
    await userEvent.type(input, 'R$ 850000');
    expect(input).toHaveValue('850000');
    expect(onChange).toHaveBeenLastCalledWith(85_000_000);
    await userEvent.tab();
    expect(input).toHaveValue('850.000,00');
  });

  it('reports NaN for text that is not an amount (the form shows a message)', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Preço'), '1.50.0');
    expect(onChange).toHaveBeenLastCalledWith(Number.NaN);
    await userEvent.tab();
    expect(screen.getByLabelText('Preço')).toHaveValue('1.50.0');
  });

  it('follows a value set from outside (reset after saving)', async () => {
    render(<Harness initial={100} />);
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByLabelText('Preço')).toHaveValue('123,45');
  });
});
