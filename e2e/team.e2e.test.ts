/**
 * Team (docs/product.md#team) in the browser against the real server: the owner invites an agent on
 * /usuarios, the invitation e-mail lands in the outbox (no SMTP), a new person opens its link, registers with
 * the e-mail already filled in, lands inside the agency as Corretor and does not see Integrações nor Usuários
 * (and /integracoes says so). Also the screenshots of /usuarios at 1280×800 and 390×844; they go to
 * test-results/screenshots/ unless UPDATE_SCREENSHOTS=1 (then docs/screenshots/).
 */
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, DEMO, DESKTOP, launchBrowser, logIn, newPage, PHONE, registerAgency } from './kit';

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
    await nav.getByRole('link', { name: 'Leads', exact: true }).waitFor();
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

  it('five screens fit at 1024, 1280 and 1440 px, with the demo’s data and with long names: no column outside its box, no cell cut, the sidebar the full height', async () => {
    const widths = [1024, 1280, 1440];
    const screens: [string, string][] = [
      ['/leads', 'Responsável'],
      ['/leads?tab=entregas', 'Criada em'],
      ['/paginas', ''],
      ['/usuarios', ''],
      ['/analytics', ''],
    ];
    const longNames = await agencyWithLongNames();
    const found: unknown[] = [];
    for (const width of widths) {
      const { context, page } = await newPage(browser, baseURL, { width, height: 800 });
      for (const [who, email, password] of [
        ['demo', DEMO.email, DEMO.password],
        ['nomes longos', longNames.email, longNames.password],
      ] as const) {
        await context.clearCookies();
        await page.goto('/entrar');
        await page.evaluate(() => localStorage.clear());
        await logIn(page, email, password);
        for (const [url, header] of screens) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).waitFor();
          if (header && width >= 1280)
            await page.getByRole('columnheader', { name: header }).first().waitFor();
          // A new agency has no visits yet: Analytics may show its empty state instead of a table.
          else if (!header && width >= 1280)
            await page
              .getByRole('table')
              .first()
              .waitFor({ timeout: who === 'demo' ? undefined : 10_000 })
              .catch((error: unknown) => {
                if (who === 'demo') throw error;
              });
          await page.waitForLoadState('networkidle');
          found.push({ width, who, url, problems: await layoutProblems(page) });
        }
        if (width === 1024 && who === 'demo') {
          // Below 1280 px the lists are cards: a table of seven columns does not fit 686 px.
          await page.goto('/leads');
          await page.getByRole('list', { name: 'Leads' }).getByLabel('Responsável').first().waitFor();
          await page.getByText(/\d{2}\/\d{2}\/\d{4} · \d+ leads?$/).waitFor();
          await page.screenshot({ path: path.join(outDir, `leads-responsavel-${width}.png`) });
        }
      }
      await context.close();
    }
    expect(found).toEqual(found.map((f) => ({ ...(f as object), problems: [] })));
    // 3 widths × 2 agencies × 5 screens: minutes on a loaded 2-core machine.
  }, 900_000);
});

describe('the help button', () => {
  it('covers no content: the dashboard at 1280 and 1024 px, Integrações with a filled field at 390 px', async () => {
    const found: unknown[] = [];
    for (const [viewport, url] of [
      [DESKTOP, '/dashboard'],
      [{ width: 1024, height: 800 }, '/dashboard'],
      [PHONE, '/dashboard'],
      [PHONE, '/integracoes'],
    ] as const) {
      const { context, page } = await newPage(browser, baseURL, viewport);
      await logIn(page);
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      if (url === '/integracoes') {
        // The field nearest the bottom right: its clear button shows once it has content.
        await page.getByLabel('URL do Webhook').first().waitFor();
      }
      found.push({ width: viewport.width, url, problems: await layoutProblems(page) });
      await context.close();
    }
    expect(found).toEqual(found.map((f) => ({ ...(f as object), problems: [] })));
  }, 600_000);
});

/**
 * What does not fit on the screen: the page wider than the window; a table wider than its frame or a
 * column past the frame's right edge; a cell whose text is cut (scrollWidth > clientWidth on the cell
 * or on a clipping element inside it, unless it ends in "…" with its whole text as its title) or spills into the next one; the sidebar shorter than the page.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`a página rola de lado (${doc.scrollWidth}px)`);
    const main = document.getElementById('conteudo')!;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    for (const table of main.querySelectorAll('table')) {
      if (!shown(table)) continue;
      const frame = table.closest('[data-slot="table-container"]') ?? table.parentElement!;
      const box = frame.getBoundingClientRect();
      const name = frame.getAttribute('aria-label') ?? text(table.querySelector('thead') ?? table);
      if (frame.scrollWidth > frame.clientWidth + 1)
        problems.push(`${name}: tabela de ${frame.scrollWidth}px numa caixa de ${frame.clientWidth}px`);
      for (const th of table.querySelectorAll('thead th')) {
        const right = th.getBoundingClientRect().right;
        if (right > box.right + 1)
          problems.push(
            `${name}: a coluna "${text(th) || th.querySelector('.sr-only')?.textContent}" passa da caixa (${Math.round(right - box.right)}px)`,
          );
      }
      for (const cell of table.querySelectorAll('th, td')) {
        if (!shown(cell)) continue;
        const cellBox = cell.getBoundingClientRect();
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${name}: célula cortada "${text(cell)}"`);
        for (const el of cell.querySelectorAll('*')) {
          if (!shown(el) || el.closest('.sr-only')) continue;
          const style = getComputedStyle(el);
          const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          // A line cut on purpose ("…") names its whole text in its title (hover; the detail shows it all):
          // the Leads table's e-mail and campaign (docs/product.md#leads). Any other cut is a problem.
          const explained =
            style.textOverflow === 'ellipsis' &&
            (el.getAttribute('title') ?? '').trim() === (el.textContent ?? '').trim();
          if (clips && !explained && el.scrollWidth > el.clientWidth + 1)
            problems.push(
              `${name}: texto cortado "${text(el)}" (${el.scrollWidth}px em ${el.clientWidth}px)`,
            );
          else if (el.getBoundingClientRect().right > cellBox.right + 1)
            problems.push(`${name}: "${text(el)}" passa da sua célula`);
        }
      }
    }
    // The help button covers nothing of the screen's content (at rest, scrolled to the top).
    const help = document.querySelector('button[aria-label="Ajuda"]');
    if (help && shown(help)) {
      const h = help.getBoundingClientRect();
      for (const el of main.querySelectorAll('*')) {
        if (el.childElementCount > 0 || !shown(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.left < h.right && r.right > h.left && r.top < h.bottom && r.bottom > h.top)
          problems.push(`o botão de ajuda cobre ${el.tagName.toLowerCase()} "${text(el)}"`);
      }
    }
    const aside = document.querySelector('aside[aria-label="Barra lateral"]');
    if (aside && shown(aside) && aside.getBoundingClientRect().height < doc.scrollHeight - 1)
      problems.push(
        `a barra lateral (${Math.round(aside.getBoundingClientRect().height)}px) não vai até o fim da página (${doc.scrollHeight}px)`,
      );
    return [...new Set(problems)].slice(0, 8);
  });
}

/**
 * An agency of its own whose every name is long: the agency, its pages (title, code, neighbourhood,
 * city, a price in the millions), its leads (names, e-mails, a long campaign source), its pending
 * invitations and failed deliveries. Returns the owner's sign-in.
 */
async function agencyWithLongNames() {
  const api = apiClient(baseURL);
  const suffix = Date.now().toString(36);
  const email = `maria.aparecida.figueiredo.albuquerque.${suffix}@imobiliaria-horizonte-azul.com.br`;
  const password = 'senha-longa-123';
  const { agencyId } = await registerAgency(
    api,
    { name: 'Maria Aparecida dos Santos Figueiredo de Albuquerque Cavalcanti', email, password },
    'Imobiliária Horizonte Azul Empreendimentos e Participações Imobiliárias',
  );
  // A CRM that is not there (a closed port): every lead gets a failed delivery on Entregas.
  await api('PUT', `/v1/real-estates/${agencyId}/integrations`, {
    name: 'webhook',
    payload: { url: 'http://127.0.0.1:9/leads', authentication: { type: 'none', key: '', value: '' } },
  });
  const titles = [
    'Apartamento de altíssimo padrão com quatro suítes, varanda gourmet e vista definitiva para o mar no Gonzaga',
    'Cobertura duplex com piscina privativa, churrasqueira e cinco vagas na garagem em condomínio clube',
  ];
  const slugs: string[] = [];
  for (const [i, title] of titles.entries()) {
    const created = (await api('POST', `/v1/real-estates/${agencyId}/pages`, { page: { title } })) as {
      data: { id: number; slug: string };
    };
    await api('PUT', `/v1/pages/${created.data.id}`, {
      status: 'published',
      listing_code: `HZ-COBERTURA-DUPLEX-2026-00012345${i}`,
      neighborhood: 'Jardim Botânico das Palmeiras Imperiais',
      city: 'São José dos Campos',
      state: 'SP',
      price_cents: 1_250_000_000 + i,
      purpose: i ? 'rent' : 'sale',
    });
    slugs.push(created.data.slug);
  }
  for (const [i, slug] of slugs.entries()) {
    const response = await fetch(`${baseURL}/v1/public/pages/${slug}/leads`, {
      method: 'POST',
      headers: { Origin: baseURL, Accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        consent: true,
        name: `Maria Aparecida dos Santos Figueiredo de Albuquerque Cavalcanti ${i + 1}`,
        email: `maria.aparecida.figueiredo.albuquerque.${i}@provedor-de-email-muito-longo.com.br`,
        phone: '(11) 98765-4321',
        message: 'Gostaria de agendar uma visita no fim de semana, de preferência no sábado pela manhã.',
        utm_source: 'facebook',
        utm_medium: 'paid_social_retargeting_lookalike',
        utm_campaign: 'cobertura-duplex-piscina-privativa-novembro',
      }),
    });
    const body = await response.text();
    expect(response.status, body).toBe(201);
    // Other browser tests post leads from this address too: past its limit a lead waits in quarantine.
    const id = (JSON.parse(body) as { data: { id: string } }).data.id;
    const lead = (await api('GET', `/v1/leads/${id}`)) as { data: { quarantined: boolean } };
    if (lead.data.quarantined) await api('POST', `/v1/leads/${id}/release`);
  }
  for (const role of ['agent', 'admin']) {
    await api('POST', `/v1/real-estates/${agencyId}/users`, {
      email: `corretor.${role}.com.nome.bem.comprido.${suffix}@imobiliaria-horizonte-azul.com.br`,
      role,
    });
  }
  return { email, password };
}
