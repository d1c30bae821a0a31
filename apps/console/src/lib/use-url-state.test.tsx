import { act, render, screen } from '@testing-library/react';
import { pageQuery } from '@vitrine/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { patchUrlState, readUrlState, useUrlState, type UrlPatch } from './use-url-state';

const schema = pageQuery(25).extend({
  search: z.string().trim().max(20).optional(),
  status: z.enum(['novo', 'ganho']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  flag: z.enum(['0', '1']).optional(),
  item: z.string().optional(),
});
const DEFAULTS = { search: '', status: '', from: '', to: '', flag: '', item: '' } as const;
const OPTIONS = { keepPage: ['item'] };
const q = (s: string) => new URLSearchParams(s);
const patch = (s: string, p: UrlPatch) => patchUrlState(schema, DEFAULTS, q(s), p, OPTIONS).toString();

describe('readUrlState', () => {
  it('reads each key through the schema, with the defaults for absent ones', () => {
    expect(readUrlState(schema, DEFAULTS, q('search=+casa+&status=ganho&page=3&per_page=50'))).toEqual({
      search: 'casa',
      status: 'ganho',
      from: '',
      to: '',
      flag: '',
      item: '',
      page: 3,
      per_page: 50,
    });
    expect(readUrlState(schema, DEFAULTS, q(''))).toMatchObject({
      search: '',
      status: '',
      page: 1,
      per_page: 25,
    });
  });

  it('drops a value the schema refuses, keeping the others', () => {
    expect(
      readUrlState(schema, DEFAULTS, q('status=vendido&from=01/02/2025&to=2025-02-03&page=-2&per_page=1000')),
    ).toMatchObject({ status: '', from: '', to: '2025-02-03', page: 1, per_page: 25 });
  });
});

describe('patchUrlState', () => {
  it('writes values as the schema reads them and never writes defaults', () => {
    expect(patch('', { search: '  casa  ' })).toBe('search=casa');
    expect(patch('page=2', { page: 1 })).toBe('');
    expect(patch('per_page=50', { per_page: 25 })).toBe('');
    expect(patch('status=novo', { status: '' })).toBe('');
    expect(patch('flag=1', { flag: false })).toBe('');
    expect(patch('', { flag: true })).toBe('flag=1');
    expect(patch('status=novo', { status: null, from: undefined })).toBe('');
  });

  it('a change other than the page goes back to page 1; the page and listed keys keep it', () => {
    expect(patch('page=4&status=novo', { status: 'ganho' })).toBe('status=ganho');
    expect(patch('page=4', { per_page: 50 })).toBe('per_page=50');
    expect(patch('status=novo', { page: 2 })).toBe('status=novo&page=2');
    expect(patch('page=3', { item: 'abc' })).toBe('page=3&item=abc');
  });

  it('keeps keys the schema does not know, and writes them as given', () => {
    expect(patch('other=x', { tab: 'y' })).toBe('other=x&tab=y');
  });
});

function Twice() {
  const { values, set } = useUrlState(schema, DEFAULTS, OPTIONS);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Two filters changed before the screen renders the first change.
          set({ from: '2025-03-01' });
          set({ to: '2025-03-31' });
        }}
      >
        dois filtros
      </button>
      <output>{`${values.status}|${values.from}|${values.to}|${values.page}`}</output>
    </>
  );
}

describe('useUrlState', () => {
  it('keeps a change that the URL has not rendered yet when the next one comes', async () => {
    const router = createMemoryRouter([{ path: '/leads', element: <Twice /> }], {
      initialEntries: ['/leads?status=novo&page=2'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('status')).toHaveTextContent('novo|||2');
    await act(async () => screen.getByRole('button', { name: 'dois filtros' }).click());
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ status: 'novo', from: '2025-03-01', to: '2025-03-31' });
    expect(screen.getByRole('status')).toHaveTextContent('novo|2025-03-01|2025-03-31|1');
    // Each change is a history entry: back undoes the second one.
    await act(async () => router.navigate(-1));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'novo',
      from: '2025-03-01',
    });
  });
});
