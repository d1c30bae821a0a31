/**
 * The lead API card on /origens in the browser against the real server: an owner creates a key (shown
 * once), the agency's "site" (fetch from here, with the key) sends a lead twice with one Idempotency-Key,
 * and the card shows the key's last use. Screenshots at 1280×800 and 390×844.
 */
import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, logIn, newPage, PHONE, registerAgency, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const browser = useBrowser();

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it(`creates a key shown once, sends a lead with it and shows its last use (${label})`, async () => {
    const email = `api.${randomBytes(4).toString('hex')}@teste.com.br`;
    await registerAgency(
      apiClient(baseURL),
      { name: 'Caio API', email, password: 'senha-segura-123' },
      'Imobiliária API',
    );
    const { context, page } = await newPage(browser(), baseURL, viewport);
    try {
      await logIn(page, email, 'senha-segura-123');
      await page.goto('/origens');
      const card = page.getByRole('region', { name: /API de leads/ });
      await card.getByText('Nenhuma chave ativa').waitFor();
      await card.getByRole('button', { name: 'Criar chave' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nome da chave').fill('Site');
      await dialog.getByRole('button', { name: 'Criar chave' }).click();
      const token = (await dialog.getByTestId('new-api-key').textContent())!.trim();
      expect(token).toMatch(/^vk_live_/);
      await screenshot(page, `lead-api-new-key-${label}`);
      await dialog.getByRole('button', { name: 'Já copiei a chave' }).click();

      const send = () =>
        fetch(`${baseURL}/v1/leads`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': `form-${label}`,
          },
          body: JSON.stringify({ name: 'Maria Souza', phone: '(11) 98888-7777', origin: 'Site' }),
        });
      const first = await send();
      expect(first.status).toBe(201);
      const again = await send();
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as { data: { id: string } }).data.id).toBe(
        ((await first.json()) as { data: { id: string } }).data.id,
      );

      await page.reload();
      await card.getByText('1 chave ativa').waitFor();
      await card.getByText(/último uso/).waitFor();
      await card.getByText('Como enviar um lead (exemplo com curl)').click();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `lead-api-card-${label}`, { fullPage: 'tall' });
    } finally {
      await context.close();
    }
  });
}
