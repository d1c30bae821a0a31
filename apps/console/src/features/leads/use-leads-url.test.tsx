import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLeadsUrl } from './use-leads-url';

function Twice() {
  const url = useLeadsUrl();
  return (
    <button
      type="button"
      onClick={() => {
        // Two filters changed before the screen renders the first change.
        url.update({ from: '2025-03-01' });
        url.update({ to: '2025-03-31' });
      }}
    >
      dois filtros
    </button>
  );
}

describe('useLeadsUrl', () => {
  it('keeps a change that the URL has not rendered yet when the next one comes', async () => {
    const router = createMemoryRouter([{ path: '/leads', element: <Twice /> }], {
      initialEntries: ['/leads?status=novo'],
    });
    render(<RouterProvider router={router} />);
    await act(async () => screen.getByRole('button', { name: 'dois filtros' }).click());
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ status: 'novo', from: '2025-03-01', to: '2025-03-31' });
  });
});
