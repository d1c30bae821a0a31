/**
 * The first step of a Grupo OLX push (docs/lead-sources.md): find the source its URL names, check the
 * credentials, and count the push in the per-source and per-agency windows. Pushes that arrive together
 * share two statements (group commit, lib/group-commit.ts, as the landing form's admission does): their
 * sources are read at once, then, for those whose credentials hold, every window is counted in one
 * upsert. Within a group the hits are numbered in arrival order, so each push sees exactly the count it
 * would have seen alone. Wrong credentials count nothing here (the route counts them per IP), so they
 * never spend the portal's share.
 */
import { queryPrepared } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { groupedPerApp } from '../../lib/group-commit.ts';
import { hitWindowsGrouped, type ThrottleState } from '../../lib/throttle.ts';
import { checkBasicAuth } from './grupo-zap-push.ts';

/** The windows' length: limits are per minute (INBOUND_SOURCE_LIMIT_PER_MINUTE and the agency's). */
export const PUSH_WINDOW_SECONDS = 60;

export interface PushAdmitInput {
  publicId: string;
  authorization: string | undefined;
}

export type PushAdmission =
  /** No connected source with that id: the only case answered 404 (docs/lead-sources.md). */
  | { kind: 'unknown' }
  | { kind: 'unauthorized' }
  | { kind: 'admitted'; realEstateId: number; perSource: ThrottleState; perAgency: ThrottleState };

const SOURCES_SQL = `
select inp.i, s.real_estate_id, s.secret_encrypted
from unnest($1::text[]) with ordinality as inp(public_id, i)
join lead_sources s on s.public_id = inp.public_id and s.channel = 'grupo_zap' and s.is_active`;

type SourceRow = { i: string | number; real_estate_id: number; secret_encrypted: string | null };

/**
 * Secrets decrypted before, by APP_KEY and sealed text: a rotated secret is sealed anew, so an entry
 * never outlives the secret it holds (the old one stops working at once, on every process).
 */
const opened = new WeakMap<Buffer, Map<string, string>>();
function openSecret(appKey: Buffer, sealed: string): string {
  let known = opened.get(appKey);
  if (!known) opened.set(appKey, (known = new Map()));
  let secret = known.get(sealed);
  if (secret === undefined) {
    if (known.size >= 1000) known.clear();
    secret = decryptSecret(appKey, sealed);
    known.set(sealed, secret);
  }
  return secret;
}

export const sourceWindowKey = (realEstateId: number) => `inbound:grupo_zap:${realEstateId}`;
export const agencyWindowKey = (realEstateId: number) => `inbound-agency:${realEstateId}`;

type AdmitDeps = Pick<Deps, 'db' | 'config'>;

/** Admits a group of pushes; the answers come in the order of the inputs. */
export async function admitPushes(deps: AdmitDeps, inputs: PushAdmitInput[]): Promise<PushAdmission[]> {
  const rows = await queryPrepared<SourceRow>(deps.db, 'inbound_push_sources', SOURCES_SQL, [
    inputs.map((x) => x.publicId),
  ]);
  const sourceOf = new Map(rows.map((r) => [Number(r.i) - 1, r]));
  const answers: PushAdmission[] = inputs.map((input, index) => {
    const source = sourceOf.get(index);
    if (!source) return { kind: 'unknown' };
    const secret = source.secret_encrypted ? openSecret(deps.config.appKey, source.secret_encrypted) : null;
    if (!secret || !checkBasicAuth(input.authorization, secret)) return { kind: 'unauthorized' };
    const realEstateId = Number(source.real_estate_id);
    const none = { hits: 0, retryAfterSeconds: 0 };
    return { kind: 'admitted', realEstateId, perSource: none, perAgency: none };
  });

  // Every admitted push's two windows, counted in one upsert; each push's count is its place in the group.
  const admitted = answers.flatMap((a) => (a.kind === 'admitted' ? [a] : []));
  const counted = await hitWindowsGrouped(
    deps.db,
    admitted.map((a) => [
      [sourceWindowKey(a.realEstateId), PUSH_WINDOW_SECONDS],
      [agencyWindowKey(a.realEstateId), PUSH_WINDOW_SECONDS],
    ]),
  );
  admitted.forEach((a, i) => {
    [a.perSource, a.perAgency] = counted[i] as [ThrottleState, ThrottleState];
  });
  return answers;
}

/** Admits one push, in a group with the others arriving now. */
export const admitPush = groupedPerApp(admitPushes, { maxBatch: 200, maxInFlight: 4 });
