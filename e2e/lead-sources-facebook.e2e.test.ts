/**
 * "Conectar com Facebook" in the browser against the real server and the fake Facebook Login and Graph
 * API (e2e/global-setup.ts): the card sends the browser to the dialog, the dialog sends it back with a
 * code, the card lists the user's pages (one it cannot connect, with the reason), and choosing one
 * connects it with its forms. The page choice is screenshotted (docs/screenshots with UPDATE_SCREENSHOTS=1).
 */
import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, logIn, newPage, registerAgency, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('connects a Facebook page through Facebook Login, choosing it from the list', async () => {
  const email = `facebook.${randomBytes(4).toString('hex')}@teste.com.br`;
  await registerAgency(
    apiClient(baseURL),
    { name: 'Carla Facebook', email, password: 'senha-segura-123' },
    'Imobiliária Facebook',
  );
  const { context, page } = await newPage(browser(), baseURL, DESKTOP);
  try {
    await logIn(page, email, 'senha-segura-123');
    await page.goto('/origens');
    const card = page.getByRole('region', { name: /Formulários do Facebook e Instagram/ });
    await card.getByRole('button', { name: 'Conectar com Facebook' }).click();

    // The (fake) Facebook Login dialog, on its own host.
    await page.getByRole('heading', { name: /Entrar com o Facebook/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('scope')).toBe(
      'pages_show_list,pages_manage_metadata,pages_read_engagement,leads_retrieval,business_management',
    );
    await page.getByRole('link', { name: 'Continuar como Carla Facebook' }).click();

    await card.getByRole('heading', { name: 'Escolha a página da imobiliária' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/origens');
    await expect.poll(() => card.getByRole('button', { name: /^Conectar a página/ }).count()).toBe(3);
    expect(await card.getByRole('button', { name: 'Conectar a página Blog do Corretor' }).isDisabled()).toBe(
      true,
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'lead-sources-facebook-pages');

    await card.getByRole('button', { name: 'Conectar a página Imobiliária Facebook Centro' }).click();
    await card.getByText('Conectado', { exact: true }).waitFor();
    await card.getByText('Imobiliária Facebook Centro').first().waitFor();
    await card.getByText('Lançamento Centro').waitFor();
  } finally {
    await context.close();
  }
});
