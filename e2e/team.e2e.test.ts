/**
 * Team (issue 13) in the browser against the real server: the owner invites an agent on /usuarios, the
 * invitation e-mail lands in the outbox (no SMTP), a new person opens its link, registers with the
 * e-mail already filled in, lands inside the agency as Corretor and does not see Integrações nor
 * Usuários (and /integracoes says so). Also the screenshots of /usuarios at 1280×800 and 390×844;
 * they go to test-results/screenshots/ unless UPDATE_SCREENSHOTS=1 (then docs/screenshots/).
 */
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, logIn, newPage, PHONE } from './kit';

const baseURL = inject('baseURL');
const outbox = path.join(inject('dataDir'), 'outbox');
const outDir = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS ? '../docs/screenshots/' : '../test-results/screenshots/',
    import.meta.url,
  ),
);
let browser: Browser;

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The invitation link of the newest e-mail to that address (quoted-printable undone). */
async function invitationLink(email: string): Promise<string | null> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes(email)).sort();
  const last = files.at(-1);
  if (!last) return null;
  const eml = (await readFile(path.join(outbox, last), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return eml.match(/https?:\/\/\S+\/convite\?token=[^\s"<&]+/)?.[0] ?? null;
}

describe('team', () => {
  it('owner invites → e-mail in the outbox → new person registers by the link → agent without Integrações', async () => {
    const email = `corretora.${Date.now().toString(36)}@imobiliaria.test`;
    const owner = await newPage(browser, baseURL, DESKTOP);
    await logIn(owner.page);
    await owner.page.goto('/usuarios');
    await owner.page.getByRole('button', { name: 'Convidar usuário' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Convidar usuário' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Papel').selectOption('agent');
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await owner.page.getByLabel('Buscar por nome ou e-mail').fill(email);
    const row = owner.page.getByTestId('member-row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Convite pendente');
    await owner.context.close();

    let link: string | null = null;
    await expect.poll(async () => (link = await invitationLink(email)), { timeout: 10_000 }).toBeTruthy();
    const invitedUrl = new URL(link!);

    const newcomer = await newPage(browser, baseURL, DESKTOP);
    const { page } = newcomer;
    await page.goto(`${invitedUrl.pathname}${invitedUrl.search}`);
    await page.getByText('Imobiliária Demonstração').first().waitFor();
    await page.getByRole('link', { name: 'Criar minha conta' }).click();
    await page.waitForURL('**/registrar?convite=*');
    const emailField = page.getByLabel('E-mail');
    await expect.poll(() => emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Nome da imobiliária').count()).toBe(0);
    await page.getByLabel('Seu nome').fill('Carla Corretora');
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-carla-1');
    await page.getByLabel('Confirme a senha').fill('senha-da-carla-1');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL('**/dashboard');

    // inside the agency, as Corretor: no Integrações nor Usuários in the sidebar
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('link', { name: 'Leads' }).waitFor();
    expect(await page.getByTestId('sidebar-account-name').first().textContent()).toBe(
      'Imobiliária Demonstração',
    );
    expect(await nav.getByRole('link', { name: 'Integrações' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Usuários' }).count()).toBe(0);
    const me = await page.evaluate(async () => (await fetch('/v1/me')).json());
    expect(me.user.real_estates).toEqual([
      expect.objectContaining({ name: 'Imobiliária Demonstração', role: 'agent' }),
    ]);
    // typed by hand, the screen says it is not theirs; the API refuses it
    await page.goto('/integracoes');
    await page
      .getByText(/proprietários e administradores/)
      .first()
      .waitFor();
    const status = await page.evaluate(
      async (id) => (await fetch(`/v1/real-estates/${id}/integrations`)).status,
      me.user.real_estates[0].id,
    );
    expect(status).toBe(403);
    // the link was single-use
    await page.goto(`${invitedUrl.pathname}${invitedUrl.search}`);
    await page.getByText(/inválido, já foi usado ou expirou/).waitFor();
    await newcomer.context.close();
  });

  it('screenshots of /usuarios and of Leads with "Responsável", on desktop and phone', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page } = await newPage(browser, baseURL, viewport);
      await logIn(page);
      await page.goto('/usuarios');
      await page.getByText('Distribuição de leads').waitFor();
      await page.getByText('Registro de alterações').waitFor();
      await page
        .getByTestId(name === 'desktop' ? 'member-row' : 'member-card')
        .first()
        .waitFor();
      await page.screenshot({ path: path.join(outDir, `users-${name}.png`), fullPage: true });
      await page.goto('/leads');
      // the chart drawn: its period then says how many leads
      await page.getByText(/\d{2}\/\d{2}\/\d{4} · \d+ leads?$/).waitFor();
      if (name === 'desktop') await page.getByRole('columnheader', { name: 'Responsável' }).waitFor();
      else {
        // the first card whole, with its "Responsável" line
        const card = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first();
        await card.getByLabel('Responsável').waitFor();
        await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      }
      await page.screenshot({ path: path.join(outDir, `leads-responsavel-${name}.png`) });
      await context.close();
    }
  });

  it('no wide screen is wider than the window at 1024, 1280 and 1440 px: the Leads table scrolls in its own card', async () => {
    const widths = [1024, 1280, 1440];
    const screens: [string, string][] = [
      ['/leads', 'Responsável'],
      ['/leads?tab=entregas', 'Criada em'],
      ['/paginas', ''],
      ['/usuarios', ''],
      ['/analytics', ''],
    ];
    for (const width of widths) {
      const { context, page } = await newPage(browser, baseURL, { width, height: 800 });
      await logIn(page);
      for (const [url, header] of screens) {
        await page.goto(url);
        if (header) await page.getByRole('columnheader', { name: header }).first().waitFor();
        else await page.getByRole('table').first().waitFor();
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => {
          const main = document.getElementById('conteudo')!;
          const right = main.getBoundingClientRect().right;
          // what sticks out past the content column (a table inside a scrolling frame does not count)
          const out = [...main.querySelectorAll('*')].filter((el) => {
            if (
              el.closest('[data-slot="table-container"]') &&
              el.getAttribute('data-slot') !== 'table-container'
            )
              return false;
            return el.getBoundingClientRect().right > right + 1;
          });
          return {
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            out: out.slice(0, 3).map((el) => `${el.tagName} ${el.className}`.slice(0, 120)),
          };
        });
        expect({ width, url, ...overflow }).toEqual({ width, url, page: 0, out: [] });
      }
      if (width === 1024) {
        await page.goto('/leads');
        await page.getByRole('columnheader', { name: 'Responsável' }).waitFor();
        await page.screenshot({ path: path.join(outDir, `leads-responsavel-${width}.png`) });
      }
      // the Leads table's frame, when it scrolls, is reachable by keyboard and named
      await page.goto('/leads');
      await page.getByRole('columnheader', { name: 'Responsável' }).waitFor();
      const frame = page.locator('[data-slot="table-container"]').first();
      const scrolls = await frame.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      if (scrolls) {
        expect(await frame.getAttribute('tabindex')).toBe('0');
        expect(await frame.getAttribute('aria-label')).toBe('Tabela de leads');
      }
      await context.close();
    }
  });
});
