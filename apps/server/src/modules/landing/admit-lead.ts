/**
 * The first step of a public lead: find its page and count it in the per-IP and per-page windows.
 * The per-IP window is per agency (`lead-ip:<agency>:<ip>`): visitors of other agencies behind the same
 * carrier address (CGNAT) do not count against each other
 * (docs/spam-rules.md#never-refused-for-what-the-visitor-cant-fix). The requests that arrive together share
 * one named prepared statement (group commit, lib/group-commit.ts): the pages are looked up and every window
 * is counted in the same round trip, in the database, so several server processes share the windows. Within a
 * group the hits are numbered in arrival order, so each lead sees exactly the count it would have seen alone
 * (the third lead of a group from one IP gets hits = earlier hits + 3).
 */
import { queryPrepared } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { groupedPerApp } from '../../lib/group-commit.ts';
import { windowState, WINDOW_UPSERT, type ThrottleState } from '../../lib/throttle.ts';

/** Window lengths: per IP (the hard and soft limits) and per page (the per-minute spam signal). */
export const LEAD_IP_WINDOW_SECONDS = 600;
export const LEAD_PAGE_WINDOW_SECONDS = 60;

export interface AdmitInput {
  /** The page's slug, as posted (compared in lower case). */
  slug: string;
  ip: string;
}
export type Admission =
  | { page: null }
  | {
      page: { id: number; realEstateId: number; slug: string };
      perIp: ThrottleState;
      perPage: ThrottleState;
    };

const ADMIT_SQL = `
with inp as (
  select i, lower(slug) as slug, ip
  from unnest($1::text[], $2::text[]) with ordinality as t(slug, ip, i)
), found as (
  select inp.i, 'lead-ip:' || p.real_estate_id || ':' || inp.ip as ip_key, p.id, p.real_estate_id, p.slug
  from inp join pages p on p.slug = inp.slug and p.status <> 'draft'
), wanted as (
  select i, ip_key as key, ${LEAD_IP_WINDOW_SECONDS} as decay from found
  union all
  select i, 'lead-page:' || id, ${LEAD_PAGE_WINDOW_SECONDS} from found
), counted as (
  select key, min(decay) as decay, count(*)::int as n from wanted group by key
), upserted as (
  insert into rate_limits (key, hits, reset_at)
  select key, n, now() + make_interval(secs => decay) from counted order by key
  ${WINDOW_UPSERT}
), numbered as (
  select w.i, w.key, u.hits - c.n + row_number() over (partition by w.key order by w.i) as hits, u.reset_at
  from wanted w join counted c using (key) join upserted u using (key)
)
select f.i, f.id, f.real_estate_id, f.slug,
  ip.hits as ip_hits, ip.reset_at as ip_reset_at, pg.hits as page_hits, pg.reset_at as page_reset_at
from found f
join numbered ip on ip.i = f.i and ip.key = f.ip_key
join numbered pg on pg.i = f.i and pg.key = 'lead-page:' || f.id`;

type AdmitRow = {
  i: string | number;
  id: number;
  real_estate_id: number;
  slug: string;
  ip_hits: string | number;
  ip_reset_at: string | Date;
  page_hits: string | number;
  page_reset_at: string | Date;
};

/** Admits a group of leads in one statement; the answers come in the order of the inputs. */
export async function admitLeads(deps: Pick<Deps, 'db'>, inputs: AdmitInput[]): Promise<Admission[]> {
  const rows = await queryPrepared<AdmitRow>(deps.db, 'lead_admit', ADMIT_SQL, [
    inputs.map((x) => x.slug),
    inputs.map((x) => x.ip),
  ]);
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  return inputs.map((_, index) => {
    const r = byIndex.get(index + 1);
    if (!r) return { page: null };
    return {
      page: { id: Number(r.id), realEstateId: Number(r.real_estate_id), slug: r.slug },
      perIp: windowState(r.ip_hits, r.ip_reset_at),
      perPage: windowState(r.page_hits, r.page_reset_at),
    };
  });
}

/** Admits one lead, in a group with the others arriving now. */
export const admitLead = groupedPerApp(
  (deps: Pick<Deps, 'db'>, group: AdmitInput[]) => admitLeads(deps, group),
  { maxBatch: 200, maxInFlight: 4 },
);
