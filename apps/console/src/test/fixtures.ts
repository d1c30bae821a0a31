import type { User } from '@vitrine/contracts';

export const demoUser: User = {
  id: 1,
  name: 'Ana Demo',
  email: 'demo@imobiliaria.test',
  real_estates: [
    { id: 10, name: 'Imobiliária Demonstração', logo_url: null, role: 'owner' },
    { id: 20, name: 'Imóveis Litoral', logo_url: '/files/logo.png', role: 'admin' },
  ],
};

export const singleAgencyUser: User = {
  id: 2,
  name: 'Bruno Corretor',
  email: 'bruno@imobiliaria.test',
  real_estates: [{ id: 30, name: 'Casa Própria Imóveis', logo_url: null, role: 'agent' }],
};

/** Writes the XSRF-TOKEN cookie as the server would (URL-encoded). */
export function setXsrfCookie(value: string) {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}
