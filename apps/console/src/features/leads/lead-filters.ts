/**
 * The /leads screen keeps its state in the URL (useUrlState; shareable links, the back button works):
 * which tab, the filters of each tab, pagination and the open lead, read through the list endpoints'
 * own query schemas (a value the API would refuse is dropped, and defaults never reach the URL).
 */
import {
  deliveryListQuery,
  leadFilters,
  LEADS_DEFAULT_PER_PAGE,
  pageQuery,
  type DeliveryStatus,
  type DeliveryTarget,
  type LeadStatus,
} from '@vitrine/contracts';
import { z } from 'zod';
import { readUrlState, type UrlValues } from '@/lib/use-url-state';

export const LEADS_TABS = ['leads', 'entregas'] as const;
export type LeadsTab = (typeof LEADS_TABS)[number];

export const PER_PAGE_OPTIONS = [LEADS_DEFAULT_PER_PAGE, 50, 100] as const;

/** The query-string keys; the API's own names, so a URL reads like the request it makes. */
export const LEAD_PARAM = 'lead';
export const TAB_PARAM = 'tab';

/** The URL of /leads: the leads list's query, the tab and the open lead. */
export const leadsUrlSchema = pageQuery(LEADS_DEFAULT_PER_PAGE)
  .extend(leadFilters.shape)
  .extend({ [TAB_PARAM]: z.enum(LEADS_TABS).optional(), [LEAD_PARAM]: z.string().optional() });
/** '' is "any"; the tab is Leads unless named. */
export const LEADS_URL_DEFAULTS = {
  tab: 'leads',
  lead: '',
  search: '',
  status: '',
  source: '',
  assigned_to: '',
  from: '',
  to: '',
  quarantined: '',
  include_tests: '',
  listing_not_found: '',
} as const;
/** Opening a lead keeps the list's page. */
export const LEADS_URL_OPTIONS = { keepPage: [LEAD_PARAM] };
export type LeadsUrlValues = UrlValues<typeof leadsUrlSchema, typeof LEADS_URL_DEFAULTS>;

/** The tab Entregas reads the same URL through the deliveries list's query. */
const DELIVERIES_URL_DEFAULTS = { status: '', integration: '' } as const;

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
  /** Only leads whose listing code matched no page ("Sem imóvel encontrado"). */
  listingNotFound: boolean;
  page: number;
  perPage: number;
}

export interface DeliveryFilters {
  status: DeliveryStatus | '';
  integration: DeliveryTarget | '';
  page: number;
  perPage: number;
}

const flag = (v: string) => v === '1' || v === 'true';

export function leadFiltersOf(values: LeadsUrlValues): LeadFilters {
  return {
    search: values.search,
    status: values.status,
    pageId: values.page_id === undefined ? '' : String(values.page_id),
    source: values.source,
    assignedTo: values.assigned_to,
    from: values.from,
    to: values.to,
    quarantined: flag(values.quarantined),
    includeTests: flag(values.include_tests),
    listingNotFound: flag(values.listing_not_found),
    page: values.page,
    perPage: values.per_page,
  };
}

export function deliveryFiltersOf(params: URLSearchParams): DeliveryFilters {
  const values = readUrlState(deliveryListQuery, DELIVERIES_URL_DEFAULTS, params);
  return {
    status: values.status,
    integration: values.integration,
    page: values.page,
    perPage: values.per_page,
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
  if (f.listingNotFound) out.listing_not_found = '1';
  return out;
}

/** GET …/leads always carries page and per_page (defaults 1 and 25; docs/product.md#leads). */
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
  'listing_not_found',
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
  const keys = params.get(TAB_PARAM) === 'entregas' ? DELIVERY_FILTER_KEYS : LEAD_FILTER_KEYS;
  for (const key of [...keys, 'page']) next.delete(key);
  return next;
}
