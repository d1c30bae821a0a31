/**
 * Migration 0026 (docs/decisions/019-inbound-leads.md, fourth amendment): the lead API's live
 * Idempotency-Key answers move from api_idempotency_keys onto the inbound ledger row of the request
 * that wrote them. Run on a PGlite database migrated up to 0025 and seeded as the version before left it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'vitrine-migration-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The migrations folder as it was before `tag` (the journal cut there). */
function migrationsBefore(tag: string) {
  const folder = path.join(tmp, 'drizzle');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

const A = '00000000-0000-7000-8000-0000000000aa';
const B = '00000000-0000-7000-8000-0000000000bb';
const row = (n: number) => `00000000-0000-7000-8000-00000000000${n}`;

describe('migration 0026', () => {
  it('moves each live answer onto its stored request (the nearest in time), leaves refusals, claims and old answers', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('0026_inbound_idempotency_on_ledger') });
      await client.exec(`
        insert into real_estates (name) values ('A');
        insert into api_keys (real_estate_id, name, prefix, token_hash) values (1, 'k', 'vk', 'h1');
        insert into leads (id, real_estate_id, name) values ('${A}', 1, 'a'), ('${B}', 1, 'b');
        insert into inbound_requests (id, real_estate_id, channel, source, outcome, http_status, external_id, body, lead_id, received_at) values
          -- "a": the lead an hour ago, then its retry (a duplicate): the answer is the lead's request's.
          ('${row(1)}', 1, 'lead_api', 'api', 'created', 201, '1:a:0123456789abcdef', '{}', '${A}', now() - interval '1 hour'),
          ('${row(2)}', 1, 'lead_api', 'api', 'duplicate', 201, '1:a:0123456789abcdef', '{}', '${A}', now() - interval '50 minutes'),
          -- "d": the lead 30 hours ago; its key swept, sent again 2 hours ago (a 409 just before): the
          -- answer is the duplicate's, whose 24 hours are still running.
          ('${row(3)}', 1, 'lead_api', 'api', 'created', 201, '1:d:fedcba9876543210', '{}', '${B}', now() - interval '30 hours'),
          ('${row(5)}', 1, 'lead_api', 'api', 'refused', 409, '1:d:fedcba9876543210', '{}', null, now() - interval '121 minutes'),
          ('${row(4)}', 1, 'lead_api', 'api', 'duplicate', 201, '1:d:fedcba9876543210', '{}', '${B}', now() - interval '2 hours'),
          -- "old": an answer past its 24 hours.
          ('${row(6)}', 1, 'lead_api', 'api', 'created', 201, '1:old:aaaaaaaaaaaaaaaa', '{}', null, now() - interval '30 hours'),
          -- "e": its lead erased (no lead on either side); a refused 409 nearer the answer than the lead's row.
          ('${row(7)}', 1, 'lead_api', 'api', 'created', 201, '1:e:bbbbbbbbbbbbbbbb', '{}', null, now() - interval '3 hours'),
          ('${row(8)}', 1, 'lead_api', 'api', 'refused', 409, '1:e:bbbbbbbbbbbbbbbb', '{}', null, now() - interval '1 hour'),
          -- "claim": a claim still running (no answer), its request in the ledger.
          ('${row(9)}', 1, 'lead_api', 'api', 'created', 201, '1:claim:1111111111111111', '{}', null, now());
        insert into api_idempotency_keys (api_key_id, key, request_hash, response_status, response_body, lead_id, created_at) values
          (1, 'a', '0123456789abcdefXX', 201, '{"data": {"id": "a"}}', '${A}', now() - interval '1 hour'),
          (1, 'd', 'fedcba9876543210YY', 201, '{"data": {"id": "d"}}', '${B}', now() - interval '2 hours'),
          (1, 'old', 'aaaaaaaaaaaaaaaaZZ', 201, '{"data": {"id": "old"}}', null, now() - interval '30 hours'),
          (1, 'e', 'bbbbbbbbbbbbbbbbVV', 201, '{"data": {"id": "e"}}', null, now() - interval '1 hour'),
          (1, 'claim', '1111111111111111WW', null, null, null, now());
      `);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{
        id: string;
        key: string | null;
        hash: string | null;
        body: unknown;
      }>(
        `select id, idempotency_key as key, request_hash as hash, response_body as body from inbound_requests order by id`,
      );
      expect(rows.map((r) => [r.id, r.key, r.hash, r.body])).toEqual([
        [row(1), '1:a', '0123456789abcdefXX', { data: { id: 'a' } }],
        [row(2), null, null, null],
        [row(3), null, null, null],
        [row(4), '1:d', 'fedcba9876543210YY', { data: { id: 'd' } }],
        [row(5), null, null, null],
        [row(6), null, null, null],
        [row(7), '1:e', 'bbbbbbbbbbbbbbbbVV', { data: { id: 'e' } }],
        [row(8), null, null, null],
        [row(9), null, null, null],
      ]);
      // The old table stays for the replicas still running the version before.
      const { rows: old } = await client.query<{ n: number }>(
        `select count(*)::int as n from api_idempotency_keys`,
      );
      expect(old[0]!.n).toBe(5);
    } finally {
      await client.close();
    }
  });
});
