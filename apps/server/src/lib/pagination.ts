/** Laravel-style list envelopes: {data, meta, links}, and the page of rows they hold. */
import { desc } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Paginated } from '@vitrine/contracts';

/**
 * Page `q.page` of a list query (written with `.$dynamic()`), `q.per_page` rows, in the order of every
 * list the console pages through: newest first, ties by id.
 */
export const newestFirstPage = <Q extends PgSelect>(
  query: Q,
  table: { createdAt: PgColumn; id: PgColumn },
  q: { page: number; per_page: number },
) =>
  query
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);

/**
 * The list's envelope: `query` is the list's parsed query (its `page` and `per_page` say which page
 * this is; the other filters are carried into the links), `url` the list's address without a query.
 */
export function paginate<T>(opts: {
  data: T[];
  total: number;
  url: string;
  query: { page: number; per_page: number } & Record<string, unknown>;
}): Paginated<T> {
  const { data, total } = opts;
  const { page, per_page: perPage } = opts.query;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) {
      if (v !== undefined && v !== null && v !== '' && k !== 'page') params.set(k, String(v));
    }
    params.set('page', String(p));
    return `${opts.url}?${params.toString()}`;
  };
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    meta: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: lastPage,
      from,
      to: from === null ? null : from + data.length - 1,
    },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  };
}
