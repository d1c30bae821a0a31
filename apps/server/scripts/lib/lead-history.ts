/**
 * An agency's past, for benchmarks that must measure a database that has lived: `leads` leads, one a
 * minute back from now (a million span about two years), each with its contact, its deliveries (the webhook, and Meta's and
 * Google's where `ads`) delivered, and each delivery's one attempt in the ledger. Written with SQL
 * (generate_series), a million rows in a minute or two, on PostgreSQL only.
 *
 * `ids` says how the past's keys were made: `v7` as the product makes them now (src/lib/ids.ts, the
 * same layout in SQL), `v4` as it made them before decision 025 (gen_random_uuid). A run that measures
 * one against the other fills each with its own kind, as an install that always ran that code would be.
 */
import pg from 'pg';

export type HistoryIds = 'v4' | 'v7';

/** The SQL of a new id for the time `at`, of the `ids` kind. */
const idSql = (ids: HistoryIds, at: string) =>
  ids === 'v4'
    ? 'gen_random_uuid()'
    : `(select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(gen_random_uuid()::text, 16))::uuid
        from (select lpad(to_hex(floor(extract(epoch from ${at}) * 1000)::bigint), 12, '0') as h) t)`;

export async function fillLeadHistory(
  databaseUrl: string,
  target: { realEstateId: number; pageId: number; leads: number; ads: boolean; ids: HistoryIds },
): Promise<{ seconds: number; sizeMb: number }> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const integrations = target.ads ? `array['webhook', 'meta', 'google_ads']` : `array['webhook']`;
    // In steps of 50,000 leads, oldest first, so each step is a transaction of its own.
    const step = 50_000;
    for (let from = 0; from < target.leads; from += step) {
      const to = Math.min(target.leads, from + step);
      await client.query(
        `with g as (
           select n, now() - make_interval(mins => $3::int - n) as at
           from generate_series($1::int + 1, $2::int) n
         ), keyed as (
           select n, at, ${idSql(target.ids, 'at')} as lead_id, ${idSql(target.ids, 'at')} as contact_id from g
         ), c as (
           insert into contacts (id, real_estate_id, name, phone, email, leads_count, first_lead_at, last_lead_at)
           select contact_id, $4, 'Histórico ' || n, '1198' || lpad(n::text, 7, '0'), 'historico' || n || '@example.com', 1, at, at
           from keyed
         ), l as (
           insert into leads (id, real_estate_id, page_id, contact_id, name, phone, email, message, source, status, consent, created_at, updated_at)
           select lead_id, $4, $5, contact_id, 'Histórico ' || n, '1198' || lpad(n::text, 7, '0'),
                  'historico' || n || '@example.com', 'Tenho interesse no imóvel.', 'landing_page', 'novo', true, at, at
           from keyed
         ), d as (
           insert into deliveries (id, real_estate_id, lead_id, integration, event, status, attempts, delivered_at, created_at, updated_at)
           select ${idSql(target.ids, 'at')}, $4, lead_id, i, case when i = 'webhook' then null else 'Lead' end,
                  'delivered', 1, at, at, at
           from keyed cross join unnest(${integrations}) i
           returning id, created_at
         )
         insert into delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, outcome, response)
         select id, 1, created_at, 40, 200, 'delivered', '{"ok":true}' from d`,
        [from, to, target.leads, target.realEstateId, target.pageId],
      );
    }
    await client.query('vacuum analyze contacts, leads, deliveries, delivery_attempts');
    const { rows } = await client.query<{ mb: string }>(
      `select (sum(pg_total_relation_size(c.oid)) / 1048576)::int::text as mb
       from pg_class c where c.relname in ('contacts', 'leads', 'deliveries', 'delivery_attempts')`,
    );
    return { seconds: (Date.now() - started) / 1000, sizeMb: Number(rows[0]!.mb) };
  } finally {
    await client.end();
  }
}
