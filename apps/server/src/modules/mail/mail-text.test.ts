/**
 * Text an agency or a visitor typed, as it may appear in a platform e-mail
 * (docs/decisions/018-accounts-and-abuse.md).
 */
import { describe, expect, it } from 'vitest';
import { mailLabel } from './mail-text.ts';
import { renderEmail } from './mailer.ts';

describe('mailLabel', () => {
  it('keeps an ordinary name as typed', () => {
    expect(mailLabel('Casa & Cia Imóveis Ltda.', 80)).toBe('Casa & Cia Imóveis Ltda.');
    expect(mailLabel('  Maria   da Silva ', 80)).toBe('Maria da Silva');
    expect(mailLabel('Imobiliária S.A.', 80)).toBe('Imobiliária S.A.');
  });

  it('drops links, line breaks and control characters, and cuts at the limit', () => {
    expect(
      mailLabel('Sua conta foi bloqueada\r\nBcc: x@y.z acesse https://phish.example/login já', 200),
    ).toBe('Sua conta foi bloqueada Bcc: x@y.z acesse já');
    expect(mailLabel('Ganhe R$ 5.000 em www.spam.example/oferta hoje', 200)).toBe('Ganhe R$ 5.000 em hoje');
    expect(mailLabel('promo em bit.ly/abc123 e pix-facil.com.br', 200)).toBe('promo em e');
    expect(mailLabel('a\u0000b\u0007c\td', 20)).toBe('abc d');
    const long = mailLabel('x'.repeat(300), 60);
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
    expect(mailLabel(`${'a'.repeat(58)}😀😀`, 60)).toBe(`${'a'.repeat(58)}…`);
    expect(mailLabel('https://so-um-link.example', 60)).toBe('');
  });

  it('the HTML part escapes what it is given', () => {
    const { html } = renderEmail({
      appName: '<b>Agência</b>',
      heading: 'Olá "x" & <y>',
      paragraphs: ['<img src=x>'],
    });
    expect(html).not.toContain('<b>Agência</b>');
    expect(html).not.toContain('<img src=x>');
    expect(html).toContain('&lt;b&gt;Agência&lt;/b&gt;');
    expect(html).toContain('Olá &quot;x&quot; &amp; &lt;y&gt;');
  });
});
