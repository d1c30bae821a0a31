import { describe, expect, it } from 'vitest';
import {
  clipText,
  clipWithEllipsis,
  defaultPayload,
  isIntegrationActive,
  isValidCnpj,
  isValidCpf,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  normalizeBrazilianPhone,
  registerBody,
} from './index.ts';

describe('clipText and clipWithEllipsis', () => {
  it('leave a text that fits as it is', () => {
    expect(clipText('Casa', 4)).toBe('Casa');
    expect(clipWithEllipsis('Casa', 4)).toBe('Casa');
  });
  it('cut to at most the length, the ellipsis included, without trailing spaces before it', () => {
    expect(clipWithEllipsis('Casa com vista', 9)).toBe('Casa com…');
    expect(clipWithEllipsis('Casa com vista', 9)).toHaveLength(9);
    expect(clipWithEllipsis('Casa  com vista', 6)).toBe('Casa…');
  });
  it('never keep half an emoji (a lone surrogate PostgreSQL and JSON refuse)', () => {
    const text = 'Lindo 🏠 imóvel';
    expect(clipText(text, 7)).toBe('Lindo ');
    expect(clipWithEllipsis(text, 8)).toBe('Lindo…');
    expect(clipWithEllipsis(text, 9)).toBe('Lindo 🏠…');
    const loneHalf = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (let max = 1; max < text.length; max++)
      expect(clipWithEllipsis(text, max), `max ${max}`).not.toMatch(loneHalf);
  });
});

describe('isValidCnpj', () => {
  it('accepts real check digits, with or without punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });
  it('refuses wrong digits, repeated digits and wrong lengths', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });
});

describe('normalizeBrazilianPhone', () => {
  it.each([
    ['(11) 98888-7777', '11988887777'],
    ['+55 11 98888-7777', '11988887777'],
    ['(21) 3333-4444', '2133334444'],
  ])('%s → %s', (input, expected) => expect(normalizeBrazilianPhone(input)).toBe(expected));
  it.each(['123', '(00) 98888-7777', '(11) 88888-7777', '(11) 1333-4444', '5511'])('refuses %s', (input) => {
    expect(normalizeBrazilianPhone(input)).toBeNull();
  });
});

describe('isIntegrationActive', () => {
  it('arbo needs api_key; webhook needs url', () => {
    expect(isIntegrationActive('arbo', { api_key: 'k' })).toBe(true);
    expect(isIntegrationActive('arbo', { api_key: '  ' })).toBe(false);
    expect(isIntegrationActive('webhook', { ...defaultPayload('webhook'), url: 'https://x.com' })).toBe(true);
    expect(isIntegrationActive('webhook', defaultPayload('webhook'))).toBe(false);
  });
  it('jetimob needs either key; go_harry needs both username and password', () => {
    expect(isIntegrationActive('jetimob', { public_key: 'a', private_key: '' })).toBe(true);
    expect(isIntegrationActive('jetimob', { public_key: '', private_key: 'b' })).toBe(true);
    expect(isIntegrationActive('jetimob', { public_key: '', private_key: '' })).toBe(false);
    expect(isIntegrationActive('go_harry', { username: 'u', password: '' })).toBe(false);
    expect(isIntegrationActive('go_harry', { username: 'u', password: 'p' })).toBe(true);
  });
  it('the default webhook authentication is none', () => {
    expect(defaultPayload('webhook').authentication.type).toBe('none');
  });
});

describe('registerBody', () => {
  it('names the field of each problem, in Portuguese', () => {
    const r = registerBody.safeParse({ name: 'A', email: 'x', password: '1', password_confirmation: '2' });
    expect(r.success).toBe(false);
    const fields = r.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(r.error!.issues.find((i) => i.path[0] === 'email')!.message).toBe('Informe um e-mail válido.');
  });
});

describe('Brazilian masks and CPF', () => {
  it('masks CNPJ, CPF and CEP progressively, without a trailing separator', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11.222')).toBe('11.222');
    expect(maskCnpj('112223')).toBe('11.222.3');
    expect(maskCnpj('11222333000181999')).toBe('11.222.333/0001-81');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('abc')).toBe('');
  });

  it('masks phones with DDD: mobiles and landlines, dropping +55', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('+55 (11) 98888-7777')).toBe('(11) 98888-7777');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('')).toBe('');
  });

  it('checks CPF check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
  });

  it('every masked valid value passes the schemas the server uses', () => {
    expect(isValidCnpj(maskCnpj('11222333000181'))).toBe(true);
    expect(normalizeBrazilianPhone(maskPhone('11987654321'))).toBe('11987654321');
    expect(normalizeBrazilianPhone(maskPhone('1133334444'))).toBe('1133334444');
  });
});
