/**
 * Privacidade (LGPD, docs/privacy.md#rights-of-the-data-subject-art-18-the-privacidade-screen) in the browser
 * against the real server: a visitor leaves a lead on a landing page; the owner opens Privacidade from the
 * sidebar, finds the person by e-mail, downloads the JSON export, anonymises after the confirmation, and sees
 * the two requests in the log; the lead list then shows "Titular anonimizado" and a new search finds nothing.
 * Screenshots of /privacidade at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, logIn, newPage, PHONE, registerAgency, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = {
  name: 'Dona Privacidade',
  email: `privacidade.${STAMP}@teste.com.br`,
  password: 'senha-da-privacidade',
};
const PERSON = { name: 'Marina Titular', email: `marina.${STAMP}@exemplo.com.br`, phone: '(11) 97777-1234' };
const browser = useBrowser();
const api = apiClient(baseURL);

describe('Privacidade (LGPD)', () => {
  it('finds a person, exports the data, anonymises it, and logs both requests', async () => {
    const { agencyId } = await registerAgency(api, USER, `Imobiliária Privacidade ${STAMP}`);
    const created = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
      page: { title: `Casa no Butantã ${STAMP}`, status: 'published' },
    });
    const slug = created.data.slug as string;

    const visitor = await newPage(browser(), baseURL, PHONE);
    try {
      await visitor.page.goto(`/imoveis/${slug}`);
      await visitor.page.getByLabel('Nome').fill(PERSON.name);
      await visitor.page.getByLabel('Telefone com DDD').fill(PERSON.phone);
      await visitor.page.getByLabel('E-mail').fill(PERSON.email);
      await visitor.page.getByLabel(/Autorizo/).check();
      await visitor.page.locator('form#lead button[type=submit]').click();
      await visitor.page.getByRole('status').filter({ hasText: 'Recebemos seu contato!' }).waitFor();
    } finally {
      await visitor.context.close();
    }

    // On a phone: the menu leads to the screen, the search shows what was found.
    const phone = await newPage(browser(), baseURL, PHONE);
    try {
      await logIn(phone.page, USER.email, USER.password);
      await phone.page.goto('/privacidade');
      await phone.page.getByLabel('E-mail da pessoa').fill(PERSON.email.toUpperCase());
      await phone.page.getByRole('button', { name: 'Buscar' }).click();
      await phone.page.getByRole('region', { name: 'Dados encontrados' }).waitFor();
      await screenshot(phone.page, 'privacy-390', { fullPage: 'tall' });
    } finally {
      await phone.context.close();
    }

    const { context, page } = await newPage(browser(), baseURL, DESKTOP);
    try {
      await logIn(page, USER.email, USER.password);
      await page
        .getByRole('navigation', { name: 'Principal' })
        .getByRole('link', { name: 'Privacidade' })
        .click();
      await page.getByRole('heading', { name: 'Privacidade (LGPD)' }).waitFor();
      // Keyboard only: the field, Enter.
      await page.getByLabel('E-mail da pessoa').fill(PERSON.email);
      await page.getByLabel('E-mail da pessoa').press('Enter');
      const found = page.getByRole('region', { name: 'Dados encontrados' });
      await found.waitFor();
      expect(await found.getByTestId('person-lead').textContent()).toContain(PERSON.name);
      await screenshot(page, 'privacy-1280', { fullPage: 'tall' });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        found.getByRole('button', { name: 'Exportar dados' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^dados-pessoais-\d{4}-\d{2}-\d{2}\.json$/);
      const document = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
        format: string;
        leads: { name: string; email: string; phone: string; consent: boolean }[];
      };
      expect(document.format).toBe('vitrine-imoveis/lgpd-export@1');
      expect(document.leads).toEqual([
        expect.objectContaining({
          name: PERSON.name,
          email: PERSON.email,
          phone: '11977771234',
          consent: true,
        }),
      ]);

      await found.getByRole('button', { name: 'Anonimizar dados' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Anonimizar os dados desta pessoa?' });
      expect(await confirm.textContent()).toContain('Esta ação não pode ser desfeita');
      await confirm.getByRole('button', { name: 'Anonimizar' }).click();
      await page.getByText(/Dados anonimizados\. 1 lead, 1 contato/).waitFor();
      const log = page.getByTestId('privacy-request');
      await expect.poll(() => log.count()).toBe(2);
      expect(await log.first().textContent()).toContain('anonimizou os dados de um e-mail');
      expect(await page.getByRole('list', { name: 'Solicitações atendidas' }).textContent()).not.toContain(
        PERSON.email,
      );

      await page.getByLabel('E-mail da pessoa').fill(PERSON.email);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.getByText('Nenhum dado encontrado').waitFor();

      await page.goto('/leads');
      await page.getByText('Titular anonimizado').first().waitFor();
      expect(await page.getByText(PERSON.name).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
