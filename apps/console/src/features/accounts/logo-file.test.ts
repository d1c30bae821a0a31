import { LOGO_MAX_BYTES } from '@vitrine/contracts';
import { describe, expect, it } from 'vitest';
import { buildProfileFormData } from './api/update-real-estate';
import { logoFileProblem } from './logo-file';

describe('logo file check', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'])('accepts %s up to 2 MB', (type) => {
    expect(logoFileProblem({ type, size: LOGO_MAX_BYTES })).toBeNull();
  });
  it('refuses other types', () => {
    expect(logoFileProblem({ type: 'image/gif', size: 10 })).toBe('Envie uma imagem PNG, JPEG, WebP ou SVG.');
    expect(logoFileProblem({ type: 'application/pdf', size: 10 })).not.toBeNull();
  });
  it('refuses files over 2 MB', () => {
    expect(logoFileProblem({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toMatch(/no máximo 2 MB/);
  });
});

describe('profile multipart body', () => {
  it('overrides the method, sends empty strings for empty fields and the logo file', () => {
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const data = buildProfileFormData({
      fields: { name: 'Imobiliária X', cnpj: null, city: 'Santos' },
      logo,
    });
    expect(data.get('_method')).toBe('PUT');
    expect(data.get('name')).toBe('Imobiliária X');
    expect(data.get('cnpj')).toBe('');
    expect(data.get('city')).toBe('Santos');
    expect(data.get('logo')).toBeInstanceOf(File);
    expect(data.has('remove_logo')).toBe(false);
  });
  it('asks to remove the logo with remove_logo=1', () => {
    const data = buildProfileFormData({ fields: { name: 'X' }, removeLogo: true });
    expect(data.get('remove_logo')).toBe('1');
    expect(data.has('logo')).toBe(false);
  });
});
