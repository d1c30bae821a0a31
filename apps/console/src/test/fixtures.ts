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

/** A Laravel-style page of `data` as the server answers a list: `{data, meta, links}`. */
export function pageList<T>(
  data: T[],
  meta: Partial<{ current_page: number; per_page: number; total: number }> = {},
) {
  const perPage = meta.per_page ?? 15;
  const current = meta.current_page ?? 1;
  const total = meta.total ?? data.length;
  return {
    data,
    meta: {
      current_page: current,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      from: data.length ? (current - 1) * perPage + 1 : null,
      to: data.length ? (current - 1) * perPage + data.length : null,
    },
    links: { first: '', last: '', prev: null, next: null },
  };
}
