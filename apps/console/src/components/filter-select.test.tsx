import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';

const options = [
  { value: '1', label: 'Casa no Butantã' },
  { value: '2', label: 'Apartamento em Pinheiros' },
];

describe('FilterSelect', () => {
  it('offers "all" first, then the options, and hands over the value chosen', async () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        id="f"
        label="Imóvel"
        allLabel="Todos os imóveis"
        value=""
        options={options}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Imóvel');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Todos os imóveis',
      'Casa no Butantã',
      'Apartamento em Pinheiros',
    ]);
    await userEvent.selectOptions(select, 'Apartamento em Pinheiros');
    expect(onChange).toHaveBeenCalledWith('2');
  });

  it('still shows a value from a shared link that is not among the options, named as told', () => {
    render(
      <FilterSelect
        id="f"
        label="Imóvel"
        allLabel="Todos os imóveis"
        value="99"
        options={options}
        unknownLabel={(id) => `Página #${id}`}
        onChange={() => undefined}
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Imóvel');
    expect(select.value).toBe('99');
    expect(select.selectedOptions[0]!.textContent).toBe('Página #99');
  });
});
