import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FALLBACK_SUPPORT_EMAIL, FALLBACK_SUPPORT_WHATSAPP } from '@/config/app';
import { HelpWidget } from './help-widget';
import { failure, handle } from '@/test/network';

function renderWidget(contact: { name: string; email: string } | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HelpWidget contact={contact} />
    </QueryClientProvider>,
  );
}

describe('help widget', () => {
  it('opens the panel with support links from /v1/public/config, prefilled for the signed-in user', async () => {
    handle('getPublicConfig', {
      data: {
        app_name: 'Vitrine Imóveis',
        support_email: 'ajuda@vitrine.test',
        support_whatsapp: '5511988887777',
      },
    });
    const user = userEvent.setup();
    renderWidget({ name: 'Ana Demo', email: 'demo@imobiliaria.test' });
    const button = screen.getByRole('button', { name: 'Ajuda' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Precisa de ajuda?' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /E-mail/ })).toHaveAttribute(
        'href',
        'mailto:ajuda@vitrine.test',
      ),
    );
    const whatsapp = new URL(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')!);
    expect(whatsapp.host + whatsapp.pathname).toBe('wa.me/5511988887777');
    expect(whatsapp.searchParams.get('text')).toContain('Ana Demo');
    expect(whatsapp.searchParams.get('text')).toContain('demo@imobiliaria.test');
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('uses the generic message when nobody is signed in', async () => {
    handle('getPublicConfig', {
      data: {
        app_name: 'Vitrine Imóveis',
        support_email: 'ajuda@vitrine.test',
        support_whatsapp: '5511988887777',
      },
    });
    const user = userEvent.setup();
    renderWidget(null);
    await user.click(screen.getByRole('button', { name: 'Ajuda' }));
    await screen.findByRole('dialog', { name: 'Precisa de ajuda?' });
    const link = await screen.findByRole('link', { name: /WhatsApp/ });
    const whatsapp = new URL(link.getAttribute('href')!);
    expect(whatsapp.pathname).toBe('/5511988887777');
    expect(whatsapp.searchParams.get('text')).toBe('Olá, preciso de ajuda!');
  });

  it('offers only the e-mail when the server has no WhatsApp, and never invents a number when the config fails', async () => {
    for (const answer of [
      () =>
        handle('getPublicConfig', {
          data: { app_name: 'Vitrine Imóveis', support_email: 'ajuda@vitrine.test', support_whatsapp: null },
        }),
      () => handle('getPublicConfig', failure(500)),
    ]) {
      answer();
      const user = userEvent.setup();
      const view = renderWidget(null);
      await user.click(screen.getByRole('button', { name: 'Ajuda' }));
      await screen.findByRole('dialog', { name: 'Precisa de ajuda?' });
      await waitFor(() => expect(screen.getByRole('link', { name: /E-mail/ })).toBeInTheDocument());
      expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
      expect(FALLBACK_SUPPORT_WHATSAPP).toBeNull();
      expect(document.body.innerHTML).not.toContain('99999999');
      view.unmount();
    }
    expect(FALLBACK_SUPPORT_EMAIL).toBe('suporte@vitrine.local');
  });
});
