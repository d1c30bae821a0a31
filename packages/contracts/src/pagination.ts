import { z } from 'zod';

export const paginationMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

export const paginationLinks = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

export interface Paginated<T> {
  data: T[];
  meta: PaginationMeta;
  links: z.infer<typeof paginationLinks>;
}

export const pageQuery = (defaultPerPage: number, maxPerPage = 100) =>
  z.object({
    page: z.coerce
      .number({ error: 'A página deve ser um número.' })
      .int('A página deve ser um número inteiro.')
      .min(1, 'A página deve ser pelo menos 1.')
      .default(1),
    per_page: z.coerce
      .number({ error: 'O tamanho da página deve ser um número.' })
      .int('O tamanho da página deve ser um número inteiro.')
      .min(1, 'O tamanho da página deve ser pelo menos 1.')
      .max(maxPerPage, `O tamanho da página deve ser no máximo ${maxPerPage}.`)
      .default(defaultPerPage),
  });

/** The response schema of a Laravel-style list of `item`: `{data: [...], meta, links}`. */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: paginationMeta, links: paginationLinks });
