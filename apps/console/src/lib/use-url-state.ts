/**
 * A screen's state kept in the query string (shareable links, the back button works), read through
 * the schema its list endpoint validates, so a URL reads like the request it makes and accepts what
 * the API accepts.
 *
 * - Reading is forgiving: a value the schema rejects is dropped (the key reads as its default), not an
 *   error.
 * - Defaults never reach the URL: the schema's own (`page` 1, `per_page`…) and the screen's (`''` for
 *   "any").
 * - Any change other than the page itself sends the list back to page 1, unless the key is listed in
 *   `keepPage` (an open item's id).
 *
 * Only zod's types are imported here: the schema comes from the screen (a lazy chunk), so this file
 * adds nothing to the first load.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

export type UrlSchema = z.ZodObject;
type Shape<S extends UrlSchema> = S['shape'];

/** What a key reads as when the URL has no (valid) value for it, beside the schema's own defaults. */
export type UrlDefaults<S extends UrlSchema> = { readonly [K in keyof Shape<S>]?: unknown };

/** The values read from the URL: the schema's output, with the screen's defaults for absent keys. */
export type UrlValues<S extends UrlSchema, D extends UrlDefaults<S>> = {
  [K in keyof Shape<S>]: K extends keyof D
    ? Exclude<z.output<Shape<S>[K]>, undefined> | Exclude<D[K], undefined>
    : z.output<Shape<S>[K]>;
};

/** A change: `null`, `undefined`, `''` and `false` remove the key; `true` writes `1`. */
export type UrlPatch = Record<string, string | number | boolean | null | undefined>;

export interface UrlStateOptions {
  /** Keys whose change keeps the list's page (the page itself always does). */
  keepPage?: readonly string[];
}

export interface UrlWriteOptions {
  /** Replace the current history entry instead of pushing one (the back button skips the change). */
  replace?: boolean;
}

const PAGE = 'page';

function fallbackOf(schema: UrlSchema, defaults: UrlDefaults<UrlSchema>, key: string): unknown {
  if (defaults[key] !== undefined) return defaults[key];
  const field = schema.shape[key];
  // The schema's own default (`.default(1)`), if it has one.
  return field ? field.safeParse(undefined).data : undefined;
}

/** The values of `params`, each key read on its own (one bad value doesn't drop the others). */
export function readUrlState<S extends UrlSchema, D extends UrlDefaults<S>>(
  schema: S,
  defaults: D,
  params: URLSearchParams,
): UrlValues<S, D> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const raw = params.get(key);
    const parsed = raw === null || raw === '' ? undefined : field.safeParse(raw);
    values[key] =
      parsed?.success && parsed.data !== undefined ? parsed.data : fallbackOf(schema, defaults, key);
  }
  return values as UrlValues<S, D>;
}

/**
 * A copy of `params` with `patch` applied. A value the schema accepts is written as the schema reads
 * it (a search trimmed), and removed when it equals the key's default.
 */
export function patchUrlState(
  schema: UrlSchema,
  defaults: UrlDefaults<UrlSchema>,
  params: URLSearchParams,
  patch: UrlPatch,
  { keepPage = [] }: UrlStateOptions = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const keys = Object.keys(patch);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '' || value === false) {
      next.delete(key);
      continue;
    }
    let text = value === true ? '1' : String(value);
    const parsed = schema.shape[key]?.safeParse(text);
    if (parsed?.success && (typeof parsed.data === 'string' || typeof parsed.data === 'number'))
      text = String(parsed.data);
    const fallback = fallbackOf(schema, defaults, key);
    if (text === '' || (fallback !== undefined && text === String(fallback))) next.delete(key);
    else next.set(key, text);
  }
  const touchesList = keys.some((k) => k !== PAGE && !keepPage.includes(k));
  if (touchesList && !keys.includes(PAGE)) next.delete(PAGE);
  return next;
}

/**
 * `schema`, `defaults` and `options`: module constants (the values are memoised on them). Returns the
 * typed `values`, the raw `params`, `set(patch)` that merges a change, and `change(fn)` for a change
 * that is not a merge (switching tabs).
 */
export function useUrlState<S extends UrlSchema, D extends UrlDefaults<S>>(
  schema: S,
  defaults: D,
  options: UrlStateOptions = {},
) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readUrlState(schema, defaults, params), [schema, defaults, params]);

  // useSearchParams' functional setter is handed the params of the last render, not the last
  // change: a second change made before the first one renders (one date typed right after the
  // other while the list re-renders) would drop the first. Changes not rendered yet are kept here
  // and built upon; any new render of the URL (ours, or the back button) starts over from it.
  const unrendered = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    unrendered.current = null;
  }, [params]);

  /** Any change of the query string; each is a history entry (the back button undoes it) unless `replace`. */
  const change = useCallback(
    (next: (prev: URLSearchParams) => URLSearchParams, { replace }: UrlWriteOptions = {}) =>
      setParams(
        (prev) => {
          const changed = next(unrendered.current ?? prev);
          unrendered.current = changed;
          return changed;
        },
        { replace },
      ),
    [setParams],
  );

  const keepPage = options.keepPage;
  /** Merges `patch` into the URL (see patchUrlState). */
  const set = useCallback(
    (patch: UrlPatch, writeOptions: UrlWriteOptions = {}) =>
      change((prev) => patchUrlState(schema, defaults, prev, patch, { keepPage }), writeOptions),
    [change, schema, defaults, keepPage],
  );

  return { values, params, set, change };
}
