/**
 * /origens in the browser against the real server: an agency connects the Grupo OLX source on the
 * screen, the "portal" (fetch from here, with the Basic credentials the card shows) pushes leads to the
 * URL, and the card and the inbound ledger show them. Screenshots at 1280×800 and 390×844 go to
 * test-results/screenshots/ unless UPDATE_SCREENSHOTS=1 (then docs/screenshots/).
 */
import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, logIn, newPage, PHONE, registerAgency, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const browser = useBrowser();

const push = (url: string, secret: string, body: Record<string, unknown>) =>
  fetch(`${baseURL}${new URL(url).pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`vivareal:${secret}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });

const lead = (over: Record<string, unknown>) => ({
  leadOrigin: 'Grupo OLX',
  timestamp: new Date().toISOString(),
  originLeadId: randomBytes(6).toString('hex'),
  originListingId: '87027856',
  clientListingId: 'AP-123',
  name: 'Bruna Costa',
  email: 'bruna.costa@email.com',
  ddd: '11',
  phone: '987654321',
  message: 'Olá, tenho interesse neste imóvel.',
  temperature: 'Alta',
  transaction_type: 'SELL',
  ...over,
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it(`connects the Grupo OLX source, takes portal pushes and shows them (${label})`, async () => {
    const email = `origens.${randomBytes(4).toString('hex')}@teste.com.br`;
    await registerAgency(
      apiClient(baseURL),
      { name: 'Carla Origens', email, password: 'senha-segura-123' },
      'Imobiliária Origens',
    );
    const { context, page } = await newPage(browser(), baseURL, viewport);
    try {
      await logIn(page, email, 'senha-segura-123');
      await page.goto('/origens');
      await page.getByRole('heading', { level: 1, name: 'Origens de leads' }).waitFor();
      const card = page.getByRole('region', { name: /Grupo OLX/ });
      await card.getByRole('button', { name: 'Conectar' }).click();
      await card.getByText('Conectado', { exact: true }).waitFor();
      const url = (await card.getByTestId('grupo-zap-url').textContent())!;
      await card.getByRole('button', { name: 'Mostrar chave secreta' }).click();
      const secret = (await card.getByTestId('grupo-zap-secret').textContent())!;
      expect(secret).toMatch(/^[0-9A-F]{32}$/);

      expect((await push(url, secret, lead({ clientListingId: 'CASA-404' }))).status).toBe(200);
      expect(
        (
          await push(
            url,
            secret,
            lead({ name: 'Diego Souza', leadOrigin: 'VivaReal', clientListingId: 'SALA-404' }),
          )
        ).status,
      ).toBe(200);
      expect((await push(url, secret, lead({ clientListingId: undefined, name: 'Sem código' }))).status).toBe(
        422,
      );
      expect((await push(url, 'errada', lead({}))).status).toBe(401);

      await page.reload();
      await card.getByRole('link', { name: /leads com código de imóvel desconhecido/ }).waitFor();
      const ledger = page.getByTestId('inbound-ledger');
      await ledger.getByText('Recusado').waitFor();
      await expect.poll(() => ledger.locator('li').count()).toBe(3);
      await screenshot(page, `lead-sources-${viewport.width}`, { fullPage: 'tall' });
    } finally {
      await context.close();
    }
  });
}
