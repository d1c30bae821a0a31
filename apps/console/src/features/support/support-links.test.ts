import { describe, expect, it } from 'vitest';
import { helpMessage, supportMailto, whatsappHelpUrl } from './support-links';

describe('help widget links', () => {
  it('greets generically when nobody is signed in', () => {
    expect(helpMessage(null)).toBe('Olá, preciso de ajuda!');
    expect(whatsappHelpUrl('+55 (11) 99999-0000', null)).toBe(
      `https://wa.me/5511999990000?text=${encodeURIComponent('Olá, preciso de ajuda!')}`,
    );
  });

  it("prefills the user's name and e-mail", () => {
    const url = new URL(
      whatsappHelpUrl('5511999990000', { name: 'Ana Demo', email: 'demo@imobiliaria.test' }),
    );
    expect(url.origin + url.pathname).toBe('https://wa.me/5511999990000');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain('Ana Demo');
    expect(text).toContain('demo@imobiliaria.test');
  });

  it('links the support e-mail', () => {
    expect(supportMailto('suporte@exemplo.com.br')).toBe('mailto:suporte@exemplo.com.br');
  });
});
