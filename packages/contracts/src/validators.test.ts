import { describe, expect, it } from 'vitest';
import { defaultPayload, isIntegrationActive, isValidCnpj, normalizeBrazilianPhone, registerBody } from './index.ts';

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

describe('isIntegrationActive (spec §4)', () => {
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
