/**
 * Configurações → Domínio próprio in Chromium against the real server (docs/decisions/017-landing-origin.md):
 * an owner adds the agency's domain, sees the CNAME and TXT records to create, checks the DNS (the test
 * server's resolver is an empty fake zone: still pending, with what is missing) and removes it. Screenshots
 * at 1280 and 390 px. The verified path, through a real Caddy, is `npm run check:edge`.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, apiClient, logIn, newPage, registerAgency, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = { name: 'Dona Domínio', email: `dominio.${STAMP}@teste.com.br`, password: 'senha-do-dominio' };
const HOST = `imoveis.dominio-${STAMP}.com.br`;

const browser = useBrowser();
const api = apiClient(baseURL);
let agencyId = 0;

beforeAll(async () => {
  ({ agencyId } = await registerAgency(api, USER, `Imobiliária Domínio ${STAMP}`));
});

describe('Domínio próprio', () => {
  it('adds the domain, shows the DNS records, checks them and removes the domain', async () => {
    const { context, page } = await newPage(browser(), baseURL);
    try {
      await logIn(page, USER.email, USER.password);
      await page.goto('/configuracoes');
      const card = page.getByRole('heading', { name: 'Domínio próprio' });
      await card.waitFor();
      await page.getByLabel('Adicionar domínio').fill(`https://${HOST.toUpperCase()}/`);
      await page.getByRole('button', { name: 'Adicionar' }).click();
      const item = page.getByRole('region', { name: `Domínio ${HOST}` });
      await item.waitFor();
      await expect.poll(() => item.getByText('Aguardando DNS').isVisible()).toBe(true);
      expect(await item.getByText(`_vitrine.${HOST}`).isVisible()).toBe(true);
      const { data } = await api('GET', `/v1/real-estates/${agencyId}/domains`);
      expect(await item.getByText(data[0].dns.txt.value).isVisible()).toBe(true);

      await item.getByRole('button', { name: 'Verificar' }).click();
      await expect
        .poll(() => item.getByTestId('domain-check').textContent(), { timeout: 20_000 })
        .toContain(`O registro TXT _vitrine.${HOST} ainda não foi encontrado.`);
      await item.scrollIntoViewIfNeeded();
      await screenshot(page, 'domain-1280');
      await page.setViewportSize(PHONE);
      await item.scrollIntoViewIfNeeded();
      await screenshot(page, 'domain-390');
      await page.setViewportSize(DESKTOP);

      await item.getByRole('button', { name: 'Remover' }).click();
      await page.getByRole('button', { name: 'Remover domínio' }).click();
      await expect.poll(() => item.count()).toBe(0);
      expect((await api('GET', `/v1/real-estates/${agencyId}/domains`)).data).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
