/**
 * The /leads screen keeps its state in the URL (shareable links, the back button works): which tab,
 * the filters of each tab, pagination and the open lead. Parsing is forgiving (an unknown value is
 * dropped, not an error) and defaults are never written to the URL.
 */
import {
  INTEGRATION_NAMES,
  LEAD_STATUSES,
  LEADS_DEFAULT_PAGE,
  LEADS_DEFAULT_PER_PAGE,
  type IntegrationName,
  type LeadStatus,
} from '@vitrine/contracts';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@vitrine/contracts';

export const LEADS_TABS = ['leads', 'entregas'] as const;
export type LeadsTab = (typeof LEADS_TABS)[number];

export const PER_PAGE_OPTIONS = [LEADS_DEFAULT_PER_PAGE, 50, 100] as const;
/** The server's default and maximum page size of the deliveries list. */
export const DELIVERIES_DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;

/** The query-string keys; the API's own names, so a URL reads like the request it makes. */
export const LEAD_PARAM = 'lead';
export const TAB_PARAM = 'tab';

export interface LeadFilters {
  search: string;
  status: LeadStatus | '';
  pageId: string;
  source: string;
  /** The member in charge: a user id, "none" (nobody) or '' (anyone). */
  assignedTo: string;
  from: string;
  to: string;
  quarantined: boolean;
  includeTests: boolean;
  page: number;
  perPage: number;
}

export interface DeliveryFilters {
  status: DeliveryStatus | '';
  integration: IntegrationName | '';
  page: number;
  perPage: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const flag = (v: string | null) => v === '1' || v === 'true';
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : '';
const positiveInt = (v: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};
const date = (v: string | null) => (v && DATE.test(v) ? v : '');

export function parseTab(params: URLSearchParams): LeadsTab {
  return params.get(TAB_PARAM) === 'entregas' ? 'entregas' : 'leads';
}

export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  return {
    search: (params.get('search') ?? '').slice(0, 120),
    status: oneOf(LEAD_STATUSES, params.get('status')),
    pageId: /^\d+$/.test(params.get('page_id') ?? '') ? params.get('page_id')! : '',
    source: (params.get('source') ?? '').slice(0, 50),
    assignedTo: /^(\d{1,9}|none)$/.test(params.get('assigned_to') ?? '') ? params.get('assigned_to')! : '',
    from: date(params.get('from')),
    to: date(params.get('to')),
    quarantined: flag(params.get('quarantined')),
    includeTests: flag(params.get('include_tests')),
    page: positiveInt(params.get('page'), LEADS_DEFAULT_PAGE),
    perPage: positiveInt(params.get('per_page'), LEADS_DEFAULT_PER_PAGE, MAX_PER_PAGE),
  };
}

export function parseDeliveryFilters(params: URLSearchParams): DeliveryFilters {
  return {
    status: oneOf(DELIVERY_STATUSES, params.get('status')),
    integration: oneOf(INTEGRATION_NAMES, params.get('integration')),
    page: positiveInt(params.get('page'), 1),
    perPage: positiveInt(params.get('per_page'), DELIVERIES_DEFAULT_PER_PAGE, MAX_PER_PAGE),
  };
}

/** The filters alone (no pagination), as the list, the export and the chart send them. */
export function leadFilterParams(f: LeadFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.search.trim()) out.search = f.search.trim();
  if (f.status) out.status = f.status;
  if (f.pageId) out.page_id = f.pageId;
  if (f.source) out.source = f.source;
  if (f.assignedTo) out.assigned_to = f.assignedTo;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.quarantined) out.quarantined = '1';
  if (f.includeTests) out.include_tests = '1';
  return out;
}

/** GET …/leads always carries page and per_page (spec §7: defaults 1 and 25). */
export function leadListParams(f: LeadFilters): Record<string, string | number> {
  return { ...leadFilterParams(f), page: f.page, per_page: f.perPage };
}

export function deliveryListParams(f: DeliveryFilters): Record<string, string | number> {
  const out: Record<string, string | number> = { page: f.page, per_page: f.perPage };
  if (f.status) out.status = f.status;
  if (f.integration) out.integration = f.integration;
  return out;
}

export function hasLeadFilters(f: LeadFilters): boolean {
  return Object.keys(leadFilterParams(f)).length > 0;
}

export type ParamPatch = Record<string, string | number | boolean | null | undefined>;

/**
 * A copy of `params` with `patch` applied: empty, false and null values remove the key, and so do
 * default page sizes. Any change other than the page itself sends the list back to page 1.
 */
export function patchParams(
  params: URLSearchParams,
  patch: ParamPatch,
  { defaultPerPage = LEADS_DEFAULT_PER_PAGE }: { defaultPerPage?: number } = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const keys = Object.keys(patch);
  for (const [key, value] of Object.entries(patch)) {
    const empty = value === null || value === undefined || value === '' || value === false;
    if (empty) next.delete(key);
    else next.set(key, value === true ? '1' : String(value));
  }
  if (Number(next.get('page')) === 1) next.delete('page');
  if (Number(next.get('per_page')) === defaultPerPage) next.delete('per_page');
  const touchesList = keys.some((k) => k !== 'page' && k !== LEAD_PARAM);
  if (touchesList && !keys.includes('page')) next.delete('page');
  return next;
}

/** Keys that belong to one tab; switching tabs drops the other's. */
const LEAD_FILTER_KEYS = [
  'search',
  'status',
  'page_id',
  'source',
  'assigned_to',
  'from',
  'to',
  'quarantined',
  'include_tests',
];
const DELIVERY_FILTER_KEYS = ['status', 'integration'];

export function paramsForTab(params: URLSearchParams, tab: LeadsTab): URLSearchParams {
  const next = new URLSearchParams();
  const lead = params.get(LEAD_PARAM);
  if (tab === 'entregas') next.set(TAB_PARAM, 'entregas');
  if (lead) next.set(LEAD_PARAM, lead);
  return next;
}

/** Removes every filter of the current tab (and the page), keeping the tab and the open lead. */
export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const keys = parseTab(params) === 'entregas' ? DELIVERY_FILTER_KEYS : LEAD_FILTER_KEYS;
  for (const key of [...keys, 'page']) next.delete(key);
  return next;
}
