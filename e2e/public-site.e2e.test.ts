/**
 * The server-rendered public site in the browser: the welcome page paints without the console bundle
 * and leads to the one-click demo; the blog and a post; the sign-in and registration forms work
 * (errors in place, then into the console). Screenshots at 1280×800 and 390×844 go to
 * test-results/screenshots/, or to docs/screenshots/ with UPDATE_SCREENSHOTS=1.
 */
import { describe, expect, inject, it } from 'vitest';
import { DEMO, DESKTOP, newPage, PHONE, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('the public site', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`/ paints without the console and one click on the demo lands in the demo agency (${label})`, async () => {
      const { context, page } = await newPage(browser(), baseURL, viewport);
      try {
        const assets: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname.startsWith('/assets/')) assets.push(r.url());
        });
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: /Cada imóvel com a sua página/ }).waitFor();
        await page.waitForLoadState('load');
        expect(assets, 'the console bundle is not needed by /').toEqual([]);
        await screenshot(page, `public-home-${viewport.width}`, { settleMs: 0 });

        await page.getByRole('link', { name: 'Ver a demonstração' }).first().click();
        await page.waitForURL((url) => url.pathname === '/demonstracao');
        await page.getByRole('button', { name: 'Entrar na demonstração' }).click();
        await page.waitForURL((url) => url.pathname === '/leads');
        await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      } finally {
        await context.close();
      }
    });

    it(`the blog lists the posts and a post reads as an article (${label})`, async () => {
      const { context, page } = await newPage(browser(), baseURL, viewport);
      try {
        await page.goto('/blog');
        await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
        expect(await page.locator('.post-item').count()).toBe(3);
        await screenshot(page, `blog-${viewport.width}`, { settleMs: 0 });

        await page.getByRole('link', { name: /WhatsApp ou formulário/ }).click();
        await page.waitForURL('**/blog/whatsapp-ou-formulario');
        await page.getByRole('heading', { level: 2, name: 'O que o WhatsApp faz melhor' }).waitFor();
        expect(await page.title()).toBe(
          'WhatsApp ou formulário: qual converte mais na página do imóvel? | Vitrine Imóveis',
        );
        await screenshot(page, `blog-post-${viewport.width}`, { settleMs: 0 });

        const missing = await page.goto('/blog/nao-existe');
        expect(missing?.status()).toBe(404);
        await page.getByRole('heading', { name: 'Artigo não encontrado' }).waitFor();
      } finally {
        await context.close();
      }
    });
  }

  it('the server-rendered sign-in shows a refusal in place, then signs in into the console', async () => {
    const { context, page } = await newPage(browser(), baseURL);
    try {
      await page.goto('/entrar');
      await page.getByLabel('E-mail').fill(DEMO.email);
      await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      const emailError = page.locator('#email-err');
      await emailError.waitFor();
      expect(await emailError.textContent()).toMatch(/E-mail ou senha/i);
      expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.waitForURL('**/dashboard');
      await page.getByTestId('dashboard-agency-name').waitFor();

      // Signed in already: /entrar goes straight to the console.
      await page.goto('/entrar');
      await page.waitForURL('**/dashboard');
    } finally {
      await context.close();
    }
  });

  it('the server-rendered registration names the wrong field, then creates the account and lands on /sucesso', async () => {
    const { context, page } = await newPage(browser(), baseURL, PHONE);
    try {
      await page.goto('/registrar');
      await page.getByLabel('Seu nome').fill('Carla Registro');
      await page.getByLabel('E-mail').fill(`carla.${Date.now()}@imobiliaria-publica.test`);
      await page.getByLabel('Senha', { exact: true }).fill('senha-boa-123');
      await page.getByLabel('Confirme a senha').fill('outra-senha-123');
      await page.getByLabel('Nome da imobiliária').fill('Imobiliária Pública');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await page.locator('#password_confirmation-err').waitFor();

      await page.getByLabel('Confirme a senha').fill('senha-boa-123');
      await page.getByRole('button', { name: 'Criar conta' }).click();
      await page.waitForURL('**/sucesso');
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vitrine.user') ?? 'null'));
      expect(stored.name).toBe('Carla Registro');
      expect(stored.real_estates[0].name).toBe('Imobiliária Pública');
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the help widget is on every server-rendered page, opens without a script and greets anyone (${label})`, async () => {
      const { context, page } = await newPage(browser(), baseURL, viewport);
      try {
        for (const url of [
          '/',
          '/entrar',
          '/login',
          '/registrar',
          '/blog',
          '/blog/importar-catalogo-da-meta',
        ]) {
          await page.goto(url);
          const help = page.locator('details.help');
          expect(await help.getAttribute('open'), url).toBeNull();
          await help.locator('summary').click();
          await page.getByText('Precisa de ajuda?').waitFor();
          const whatsapp = new URL(
            (await help.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'))!,
          );
          expect(whatsapp.host + whatsapp.pathname).toBe('wa.me/5511987654321');
          expect(whatsapp.searchParams.get('text')).toBe('Olá, preciso de ajuda!');
          expect(await help.getByRole('link', { name: /E-mail/ }).getAttribute('href')).toBe(
            'mailto:suporte@vitrine.test',
          );
          // The panel stays inside the window.
          const box = (await help.locator('.help-panel').boundingBox())!;
          expect(box.x, url).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, url).toBeLessThanOrEqual(viewport.width);
          if (url === '/entrar') await screenshot(page, `site-help-${viewport.width}`, { settleMs: 0 });
          await help.locator('summary').click();
          expect(await help.getAttribute('open'), url).toBeNull();
        }
      } finally {
        await context.close();
      }
    });
  }

  it('the server-rendered sign-in says the console’s message when the API answers without a user object', async () => {
    const { context, page } = await newPage(browser(), baseURL);
    try {
      await page.route('**/v1/login', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: {} }) }),
      );
      await page.goto('/entrar');
      await page.getByLabel('E-mail').fill(DEMO.email);
      await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      const alert = page.locator('#form-alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Resposta da API de login não contém o objeto do usuário.');
      expect(page.url()).toMatch(/\/entrar$/);
      expect(await page.evaluate(() => localStorage.getItem('vitrine.user'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('the sign-in form shows a refused password beside the field, a throttle as a notice, and keeps the page', async () => {
    const { context, page } = await newPage(browser(), baseURL);
    try {
      await page.goto('/entrar');
      const email = page.getByLabel('E-mail');
      // No such account (the demo's own failure counters stay untouched for the other tests).
      await email.fill('ninguem@exemplo.com.br');
      await page.getByLabel('Senha', { exact: true }).fill('qualquer-senha');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      // The API's 422 names the field: the message goes under it, the field is marked and focused.
      const fieldError = page.locator('#email-err');
      await fieldError.waitFor();
      expect(await fieldError.textContent()).toBe('E-mail ou senha incorretos.');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await email.getAttribute('aria-describedby')).toContain('email-err');
      expect(await page.getByRole('button', { name: 'Entrar', exact: true }).isEnabled()).toBe(true);

      // A 429 has no field: its message is the form's notice, and the old field error is gone.
      await page.route('**/v1/login', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Muitas tentativas. Tente novamente em 60 segundos.' }),
        }),
      );
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      const alert = page.locator('#form-alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Muitas tentativas. Tente novamente em 60 segundos.');
      expect(await page.locator('#email-err').count()).toBe(0);
      expect(page.url()).toMatch(/\/entrar$/);
      expect(await page.evaluate(() => localStorage.getItem('vitrine.user'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});
