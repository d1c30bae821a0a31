/**
 * Which leads from the public form go to quarantine (kept and shown to the agency, not forwarded).
 * Pure: the route gathers the facts, this decides. Each signal adds its weight; a lead is quarantined
 * when the sum reaches SPAM_THRESHOLD. Weights are chosen so that:
 *  - one certain signal is enough (the invisible honeypot filled, a forged form stamp, a flood from one
 *    IP or onto one page, a message that is a list of links);
 *  - timing never is, alone or with what real people also do (autofill sends a form in a second; a
 *    browser without JavaScript or with storage blocked has no session id): too fast + no JavaScript
 *    stays below the threshold;
 *  - weak signals only count together (e.g. too fast + a fake-looking phone + no JavaScript).
 * The rules, in words, for the agency and support: docs/spam-rules.md (keep both in step).
 */

export const SPAM_THRESHOLD = 100;

export const SPAM_WEIGHTS = {
  honeypot: 100,
  forged_stamp: 100,
  ip_flood: 100,
  page_flood: 100,
  /** Per link in the message; 3 or more links reach the threshold on their own. */
  message_link: 25,
  many_links: 100,
  link_in_name: 60,
  suspicious_phone: 50,
  too_fast: 40,
  no_stamp: 30,
  no_javascript: 20,
} as const;

export type SpamSignal = keyof typeof SPAM_WEIGHTS;

export interface LeadSpamFacts {
  /** The hidden "website" field (people never see it). */
  honeypot?: string | null;
  /**
   * Milliseconds between rendering the form and sending it, from the signed stamp: `null` when a
   * stamp came but its signature is wrong, `undefined` when no stamp came (an API call, not our page).
   */
  fillMs?: number | null;
  /** The page's script ran (it sets the visitor's session id). */
  javascript: boolean;
  /** Leads from this IP in the last 10 minutes, this one included. */
  ipHits: number;
  /** Leads onto this page in the last minute, this one included. */
  pageHits: number;
  name: string;
  message?: string | null;
  /** National digits with DDD (normalised), or null. */
  phone?: string | null;
}

export interface SpamLimits {
  /** Below this many milliseconds a form counts as "filled fast" (a weak signal). */
  minFillMs: number;
  /** Above this many leads per IP in 10 minutes: flood. */
  ipSoftLimit: number;
  /** Above this many leads per page in 1 minute: flood. */
  pageLimitPerMinute: number;
}

export interface SpamVerdict {
  score: number;
  quarantined: boolean;
  /** The signals that fired, heaviest first, each with its weight and a Portuguese reason. */
  signals: { signal: SpamSignal; weight: number; reason: string }[];
  /** The reasons joined ("; "), stored on the lead when it is quarantined; null otherwise. */
  reason: string | null;
}

const LINK = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;

/** Counts links (http(s)://… or www.…) in free text. */
export const countLinks = (text: string | null | undefined) => (text ?? '').match(LINK)?.length ?? 0;

/** A phone number people type to get past a form: one digit repeated, or a run like 12345678. */
export function isSuspiciousPhone(phone: string | null | undefined): boolean {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 10) return false;
  const last8 = digits.slice(-8);
  if (/^(\d)\1{7}$/.test(last8)) return true;
  return '0123456789'.includes(last8) || '9876543210'.includes(last8);
}

const seconds = (ms: number) => (ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

export function scoreLead(facts: LeadSpamFacts, limits: SpamLimits): SpamVerdict {
  const fired: SpamVerdict['signals'] = [];
  const add = (signal: SpamSignal, reason: string, weight: number = SPAM_WEIGHTS[signal]) =>
    fired.push({ signal, weight, reason });

  if (facts.honeypot?.trim()) add('honeypot', 'campo oculto preenchido (robô)');
  if (facts.fillMs === null) add('forged_stamp', 'formulário com carimbo inválido');
  else if (facts.fillMs === undefined) add('no_stamp', 'formulário sem carimbo (não enviado pela página)');
  else if (facts.fillMs < limits.minFillMs)
    add('too_fast', `formulário enviado rápido demais (${seconds(Math.max(0, facts.fillMs))} s)`);
  if (!facts.javascript) add('no_javascript', 'sem JavaScript no navegador');
  if (facts.ipHits > limits.ipSoftLimit)
    add('ip_flood', `muitos envios do mesmo IP (${facts.ipHits} em 10 min)`);
  if (facts.pageHits > limits.pageLimitPerMinute)
    add('page_flood', `muitos envios para esta página (${facts.pageHits} em 1 min)`);
  addContentSignals(facts, add);
  return verdictOf(fired);
}

/**
 * Only what the lead says (links in the message or the name, a fake-looking phone): the signals that
 * apply to a lead an agency's own system sent through the lead API, which has no form stamp, no
 * visitor's browser and one server's address (docs/spam-rules.md#the-lead-api).
 */
export function scoreLeadContent(facts: Pick<LeadSpamFacts, 'name' | 'message' | 'phone'>): SpamVerdict {
  const fired: SpamVerdict['signals'] = [];
  addContentSignals(facts, (signal, reason, weight = SPAM_WEIGHTS[signal]) =>
    fired.push({ signal, weight, reason }),
  );
  return verdictOf(fired);
}

function addContentSignals(
  facts: Pick<LeadSpamFacts, 'name' | 'message' | 'phone'>,
  add: (signal: SpamSignal, reason: string, weight?: number) => unknown,
) {
  const links = countLinks(facts.message);
  if (links >= 3) add('many_links', 'mensagem com muitos links');
  else if (links > 0)
    add(
      'message_link',
      `mensagem com ${links === 1 ? '1 link' : `${links} links`}`,
      links * SPAM_WEIGHTS.message_link,
    );
  if (countLinks(facts.name) > 0) add('link_in_name', 'nome com link');
  if (isSuspiciousPhone(facts.phone))
    add('suspicious_phone', 'telefone suspeito (dígitos repetidos ou em sequência)');
}

function verdictOf(fired: SpamVerdict['signals']): SpamVerdict {
  fired.sort((a, b) => b.weight - a.weight);
  const score = fired.reduce((sum, s) => sum + s.weight, 0);
  const quarantined = score >= SPAM_THRESHOLD;
  return {
    score,
    quarantined,
    signals: fired,
    reason: quarantined ? fired.map((s) => s.reason).join('; ') : null,
  };
}
