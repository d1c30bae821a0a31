/**
 * The help widget on the server-rendered pages (docs/product.md#help-widget): every page
 * of the site has it, logged out ("Olá, preciso de ajuda!"), without a script of its own; its contacts
 * are the SUPPORT_EMAIL / SUPPORT_WHATSAPP settings, never a placeholder number. Also the sign-in's
 * answer without a user object, which must say the console's message (docs/product.md#session).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MESSAGES } from '@vitrine/contracts';
import { STORAGE_LOGIN_HANDOVER_KEY } from '@vitrine/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSupportEmail, loadConfig, supportWhatsappProblem } from '../../config.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { browserScriptSource } from '../../lib/browser-scripts.ts';
import { AUTH_SCRIPT, renderLogin } from './render-auth.ts';
import { renderWelcome } from './render-site.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { SUPPORT_WHATSAPP: '+55 (11) 98765-4321', SUPPORT_EMAIL: 'ajuda@vitrine.test' },
  );
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const GREETING = encodeURIComponent('Olá, preciso de ajuda!');

describe('the help widget on the server-rendered pages', () => {
  it('is on /, /entrar, /login, /registrar, /blog, a post and a 404, with the configured contacts and no script of its own', async () => {
    for (const url of [
      '/',
      '/entrar',
      '/login',
      '/registrar',
      '/blog',
      '/blog/importar-catalogo-da-meta',
      '/blog/nao-existe',
    ]) {
      const res = await get(url);
      const body = res.body;
      expect(body, url).toContain('<details class="help">');
      expect(body, url).toContain('<summary aria-label="Ajuda" title="Ajuda">');
      expect(body, url).toContain('Precisa de ajuda?');
      expect(body, url).toContain(`href="https://wa.me/5511987654321?text=${GREETING}"`);
      expect(body, url).toContain('href="mailto:ajuda@vitrine.test"');
      // Pages without a form keep no script at all; the forms keep their one hash-pinned script.
      const scripts = body.match(/<script/g)?.length ?? 0;
      expect(scripts, url).toBe(['/entrar', '/login', '/registrar'].includes(url) ? 1 : 0);
      if (scripts === 0) expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    }
  });

  it('without SUPPORT_WHATSAPP offers only the e-mail: no invented number', () => {
    const site = {
      appUrl: 'https://vitrine.example',
      support: { email: 'suporte@vitrine.example', whatsapp: null },
    };
    for (const body of [renderWelcome(site, []), renderLogin(site, '/entrar')]) {
      expect(body).toContain('Precisa de ajuda?');
      expect(body).toContain('href="mailto:suporte@vitrine.example"');
      expect(body).not.toContain('wa.me');
    }
  });

  it('GET /v1/public/config gives the same contacts to the console', async () => {
    const res = await get('/v1/public/config');
    expect(res.json().data).toEqual({
      app_name: 'Vitrine Imóveis',
      support_email: 'ajuda@vitrine.test',
      support_whatsapp: '5511987654321',
    });
  });
});

describe('the support settings', () => {
  const key = { appKey: randomBytes(32) };

  it('refuse a placeholder or malformed WhatsApp number, naming the setting', () => {
    expect(supportWhatsappProblem('5511999999999')).toMatch(/número de exemplo/);
    expect(supportWhatsappProblem('+55 11 90000-0000')).toMatch(/número de exemplo/);
    expect(supportWhatsappProblem('5500987654321')).toMatch(/DDD/);
    expect(supportWhatsappProblem('98765')).toMatch(/código do país/);
    expect(supportWhatsappProblem('11 abc')).toMatch(/código do país/);
    expect(supportWhatsappProblem('+55 (11) 98765-4321')).toBeNull();
    expect(supportWhatsappProblem('+351 912 345 678')).toBeNull();
    expect(() => loadConfig({ SUPPORT_WHATSAPP: '5511999999999' }, key)).toThrow(
      /SUPPORT_WHATSAPP: .*número de exemplo/,
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'suporte' }, key)).toThrow(
      /SUPPORT_EMAIL: informe um e-mail válido/,
    );
    expect(loadConfig({ SUPPORT_WHATSAPP: '+55 (11) 98765-4321' }, key).SUPPORT_WHATSAPP).toBe(
      '5511987654321',
    );
  });

  it('default to suporte@ the site’s own domain and to no WhatsApp (production says so at start)', () => {
    expect(defaultSupportEmail('https://www.minhaimobiliaria.com.br')).toBe(
      'suporte@minhaimobiliaria.com.br',
    );
    expect(defaultSupportEmail('http://localhost:3000')).toBe('suporte@vitrine.local');
    expect(defaultSupportEmail('http://127.0.0.1:3000')).toBe('suporte@vitrine.local');
    const prod = loadConfig(
      {
        NODE_ENV: 'production',
        APP_URL: 'https://painel.vitrine.example',
        LANDING_URL: 'https://imoveis.vitrinepaginas.example',
      },
      key,
    );
    expect(prod.SUPPORT_EMAIL).toBe('suporte@painel.vitrine.example');
    expect(prod.SUPPORT_WHATSAPP).toBeUndefined();
    expect(prod.warnings).toContain(
      'SUPPORT_WHATSAPP não definido: o botão de ajuda oferece só o e-mail do suporte.',
    );
  });
});

describe('the server-rendered sign-in', () => {
  it('says the console’s message when the API answers without a user object', async () => {
    const body = (await get('/entrar')).body;
    expect(body).toContain(`data-no-user="${MESSAGES.loginMissingUser}"`);
    expect(MESSAGES.loginMissingUser).toBe('Resposta da API de login não contém o objeto do usuário.');
    expect(readFileSync(browserScriptSource('auth-form'), 'utf8')).toContain(
      'if (status < 300) say(form.dataset.noUser!)',
    );
    expect(AUTH_SCRIPT).toContain('.dataset.noUser');
  });

  it('is the one form: it reads what the console hands over, a path of this site only, once', async () => {
    const body = (await get('/login')).body;
    // The notice is the script's to show, when the console says the session expired.
    expect(body).toContain(`data-expired="${MESSAGES.sessionExpired}"`);
    expect(body).not.toContain(`>${MESSAGES.sessionExpired}<`);
    expect(body).toContain('data-next="/dashboard"');
    expect(body).toContain('href="/esqueci-senha"');
    const source = readFileSync(browserScriptSource('auth-form'), 'utf8');
    expect(source).toContain('sessionStorage.removeItem(STORAGE_LOGIN_HANDOVER_KEY)');
    const sitePath = /^\/(?![/\\])/;
    expect(source).toContain(`const SITE_PATH = ${String(sitePath)};`);
    for (const elsewhere of ['//evil.example', '/\\evil.example', 'https://evil.example'])
      expect(sitePath.test(elsewhere)).toBe(false);
    expect(sitePath.test('/leads?status=novo')).toBe(true);
    expect(AUTH_SCRIPT).toContain(STORAGE_LOGIN_HANDOVER_KEY);
  });
});
