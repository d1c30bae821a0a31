/**
 * The endpoint table (packages/contracts: endpoints.ts and endpoint-schemas.ts) is the only place a
 * route comes from: every route the app registers is mounted from it, every mounted endpoint has a
 * response schema in the OpenAPI document, and the table names nothing the app does not serve.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointSchemas, endpoints, type EndpointName } from '@vitrine/contracts';
import { createTestContext, type TestContext } from './testing/test-app.ts';
import { defaultConsoleDist } from './paths.ts';

/** The console's built files: @fastify/static registers one route per file (wildcard off). */
const consoleFiles = (dir: string, prefix = ''): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? consoleFiles(path.join(dir, e.name), `${prefix}/${e.name}`)
          : [`${prefix}/${e.name}`],
      )
    : [];

/**
 * Routes that are not operations of the product: files served by @fastify/static (uploads, the
 * site's images, the console's built files) and the API documentation's own pages. HEAD twins of
 * every GET are skipped too.
 */
const STATIC_PREFIX = /^\/(files|site\/img|docs)(\/|$)/;

const key = (method: string, url: string) => `${method} ${url}`;

describe('the endpoint table', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Metrics are served only with a token: set one, so the table's every endpoint is served.
    ctx = await createTestContext({ API_DOCS: true, METRICS_TOKEN: 'x'.repeat(32) });
  });
  afterAll(() => ctx.close());

  const tableByRoute = () =>
    new Map(
      (Object.keys(endpoints) as EndpointName[]).map((name) => [
        key(endpoints[name].method, endpoints[name].path),
        name,
      ]),
    );

  it('registers every route through mount, from the table', () => {
    const byRoute = tableByRoute();
    const builtFiles = new Set(consoleFiles(defaultConsoleDist));
    const outside: string[] = [];
    const mismatched: string[] = [];
    for (const route of ctx.app.routeTable) {
      const name = byRoute.get(key(route.method, route.url));
      if (route.method === 'HEAD' || (!name && (STATIC_PREFIX.test(route.url) || builtFiles.has(route.url))))
        continue;
      if (route.endpoint) {
        if (route.endpoint !== name) mismatched.push(`${key(route.method, route.url)} → ${route.endpoint}`);
      } else {
        outside.push(key(route.method, route.url) + (name ? ` (${name})` : ' (not in the table)'));
      }
    }
    expect(mismatched).toEqual([]);
    expect(outside).toEqual([]);
  });

  it('serves and mounts every endpoint of the table, each with its schemas', () => {
    const served = new Set(ctx.app.routeTable.map((r) => key(r.method, r.url)));
    const mounted = new Set(ctx.app.routeTable.flatMap((r) => (r.endpoint ? [r.endpoint] : [])));
    const missing = (Object.keys(endpoints) as EndpointName[]).filter(
      (name) => !served.has(key(endpoints[name].method, endpoints[name].path)),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(endpoints).filter((name) => !mounted.has(name))).toEqual([]);
    expect(Object.keys(endpoints).filter((name) => !(name in endpointSchemas))).toEqual([]);
  });

  it('documents a response schema for every mounted operation in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    }>();
    const withoutSchema: string[] = [];
    let checked = 0;
    for (const [name, schema] of Object.entries(endpointSchemas)) {
      if ('hide' in schema && schema.hide) continue;
      const { method, path } = endpoints[name as EndpointName];
      // The document writes `:id` as `{id}` and a wildcard as `{*}`.
      const openApiPath = path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');
      const operation = doc.paths[openApiPath]?.[method.toLowerCase()];
      const status = String(('status' in schema && schema.status) || 200);
      const answer = operation?.responses?.[status];
      checked += 1;
      if (!answer || (status !== '204' && !answer.content)) withoutSchema.push(`${name} (${status})`);
    }
    expect(checked).toBeGreaterThan(0);
    expect(withoutSchema).toEqual([]);
  });
});
