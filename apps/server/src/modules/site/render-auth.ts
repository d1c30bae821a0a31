/**
 * /entrar (/login) and /registrar as server-rendered forms: they paint from the first response, and one
 * small inline script signs in through the same API as the console (CSRF cookie, then POST /v1/login or
 * /v1/register), stores the user where the console reads it, and opens the console. It is the one
 * sign-in form: the console's own navigations to /entrar and /login (a protected page, an expired
 * session) load this page, handing over where to go back, why and the e-mail (browser/auth-form.ts).
 */
import { MESSAGES } from '@vitrine/contracts';
import { browserScript } from '../../lib/browser-scripts.ts';
import { html, raw, type SafeHtml } from '../../lib/html.ts';
import { renderSiteDocument, type SiteContext } from './site-html.ts';

/** The forms' script (browser/auth-form.ts, minified): inline, pinned by its hash in the page's CSP. */
export const AUTH_SCRIPT = await browserScript('auth-form');

interface Field {
  name: string;
  label: string;
  type?: string;
  autocomplete: string;
  inputmode?: string;
  hint?: string;
}

const field = (f: Field) => {
  const hintId = f.hint ? `${f.name}-hint` : null;
  return html`<div class="field">
    <label for="${f.name}">${f.label}</label>
    <input
      id="${f.name}"
      name="${f.name}"
      type="${f.type ?? 'text'}"
      autocomplete="${f.autocomplete}"
      ${f.inputmode ? raw(`inputmode="${f.inputmode}"`) : ''}
      ${hintId ? html`aria-describedby="${hintId}" data-hint="${hintId}"` : ''}
    />
    ${f.hint ? html`<p class="hint" id="${hintId}">${f.hint}</p>` : ''}
  </div>`;
};

function authPage(
  site: SiteContext,
  opts: {
    path: string;
    title: string;
    description: string;
    subtitle: string;
    current: 'login' | 'register';
    form: SafeHtml;
    swap: SafeHtml;
  },
) {
  return renderSiteDocument({
    site,
    head: { title: opts.title, description: opts.description, path: opts.path },
    current: opts.current,
    script: AUTH_SCRIPT,
    main: html`<div class="auth">
      <div class="panel">
        <h1>${opts.title}</h1>
        <p class="muted">${opts.subtitle}</p>
        <noscript><p class="alert danger">Ative o JavaScript do navegador para usar o painel.</p></noscript>
        ${opts.form}
        <p class="swap">${opts.swap}</p>
      </div>
    </div>`,
  });
}

export function renderLogin(site: SiteContext, path: '/entrar' | '/login'): string {
  return authPage(site, {
    path,
    title: 'Entrar',
    subtitle: 'Acesse o painel da sua imobiliária.',
    description:
      'Entre no painel do Vitrine Imóveis: páginas dos seus imóveis, leads, integrações e analytics.',
    current: 'login',
    form: html`<form
      id="auth"
      method="post"
      action="/entrar"
      novalidate
      data-api="/v1/login"
      data-next="/dashboard"
      data-signed-in="/dashboard"
      data-keep-selection="1"
      data-busy="Entrando..."
      data-no-user="${MESSAGES.loginMissingUser}"
      data-expired="${MESSAGES.sessionExpired}"
    >
      <p class="alert danger" id="form-alert" role="alert" hidden></p>
      ${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'username', inputmode: 'email' })}
      ${field({ name: 'password', label: 'Senha', type: 'password', autocomplete: 'current-password' })}
      <a class="forgot" href="/esqueci-senha">Esqueci minha senha</a>
      <button class="btn btn-p" type="submit">Entrar</button>
    </form>`,
    swap: html`Ainda não tem conta? <a href="/registrar">Criar conta</a>`,
  });
}

export function renderRegister(site: SiteContext): string {
  return authPage(site, {
    path: '/registrar',
    title: 'Criar conta',
    subtitle: 'Comece a publicar landing pages dos seus imóveis em poucos minutos.',
    description:
      'Crie a conta da sua imobiliária no Vitrine Imóveis: landing pages de imóveis, leads no seu CRM e analytics.',
    current: 'register',
    form: html`<form
      id="auth"
      method="post"
      action="/registrar"
      novalidate
      data-api="/v1/register"
      data-next="/sucesso"
      data-busy="Criando conta..."
      data-no-user="${MESSAGES.loginMissingUser}"
    >
      <p class="alert danger" id="form-alert" role="alert" hidden></p>
      ${field({ name: 'name', label: 'Seu nome', autocomplete: 'name' })}
      ${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', inputmode: 'email' })}
      ${field({ name: 'password', label: 'Senha', type: 'password', autocomplete: 'new-password', hint: 'Pelo menos 8 caracteres.' })}
      ${field({ name: 'password_confirmation', label: 'Confirme a senha', type: 'password', autocomplete: 'new-password' })}
      ${field({
        name: 'real_estate_name',
        label: 'Nome da imobiliária',
        autocomplete: 'organization',
        hint: 'Opcional: deixe em branco se você foi convidado por uma imobiliária.',
      })}
      <button class="btn btn-p" type="submit">Criar conta</button>
    </form>`,
    swap: html`Já tem conta? <a href="/entrar">Entrar</a>`,
  });
}
