/** Response schemas of leads, deliveries and integrations: what they accept, what they refuse, the labels. */
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_OUTCOMES,
  DELIVERY_OUTCOME_LABELS,
  DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  INTEGRATION_NAMES,
  canReplayDelivery,
  defaultPayload,
  deliveryDetailResponse,
  integrationLabel,
  integrationsListResponse,
  leadDetailResponse,
  leadListResponse,
} from './index.ts';

const at = '2025-03-01T12:00:00.000Z';
const uuid = '0f5a3c1e-8d2b-4c6f-9a1e-3b7d5e9f2a4c';
const lead = {
  id: uuid,
  name: 'Maria',
  email: null,
  phone: '11988887777',
  message: null,
  status: 'novo',
  source: 'landing_page',
  page: { id: 1, title: 'Apartamento', slug: 'apartamento' },
  contact_id: null,
  is_repeat: false,
  is_test: false,
  quarantined: false,
  quarantine_reason: null,
  consent: true,
  utm: { source: null, medium: null, campaign: null, term: null, content: null },
  gclid: null,
  fbclid: null,
  referrer: null,
  session_id: null,
  created_at: at,
  status_changed_at: null,
  overdue: false,
  over_plan_limit: false,
  source_details: null,
  listing_code: null,
};
const meta = { current_page: 1, per_page: 25, total: 1, last_page: 1, from: 1, to: 1 };
const links = { first: 'x?page=1', last: 'x?page=1', prev: null, next: null };

describe('lead responses', () => {
  it('a list carries the quarantine count next to the pagination', () => {
    expect(
      leadListResponse.safeParse({ data: [lead], meta: { ...meta, quarantined: 2 }, links }).success,
    ).toBe(true);
    expect(leadListResponse.safeParse({ data: [lead], meta, links }).success).toBe(false);
  });

  it('refuses an unknown status and a time without offset', () => {
    expect(
      leadListResponse.safeParse({
        data: [{ ...lead, status: 'aberto' }],
        meta: { ...meta, quarantined: 0 },
        links,
      }).success,
    ).toBe(false);
    expect(
      leadListResponse.safeParse({
        data: [{ ...lead, created_at: '2025-03-01 12:00' }],
        meta: { ...meta, quarantined: 0 },
        links,
      }).success,
    ).toBe(false);
  });

  it('a detail lists the contact’s other leads and the deliveries', () => {
    const delivery = {
      id: uuid,
      webhook_id: 'msg_x',
      integration: 'arbo',
      status: 'dead',
      attempts: 8,
      last_status_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: null,
      delivered_at: null,
    };
    expect(
      leadDetailResponse.safeParse({ data: { ...lead, contact_leads: [lead], deliveries: [delivery] } })
        .success,
    ).toBe(true);
    expect(
      leadDetailResponse.safeParse({
        data: { ...lead, contact_leads: [], deliveries: [{ ...delivery, integration: 'rdstation' }] },
      }).success,
    ).toBe(false);
  });
});

describe('delivery responses', () => {
  it('a detail carries its ledger of attempts', () => {
    const delivery = {
      id: uuid,
      webhook_id: 'msg_x',
      lead_id: uuid,
      lead: { name: 'Maria', is_test: false },
      integration: 'webhook',
      status: 'delivered',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 200,
      last_error: null,
      external_id: null,
      delivered_at: at,
      created_at: at,
      updated_at: at,
    };
    const attempt = {
      attempt: 1,
      started_at: at,
      duration_ms: 120,
      status_code: 200,
      outcome: 'delivered',
      response: '{"ok":true}',
      error: null,
    };
    expect(deliveryDetailResponse.safeParse({ data: { ...delivery, ledger: [attempt] } }).success).toBe(true);
    expect(
      deliveryDetailResponse.safeParse({ data: { ...delivery, ledger: [{ ...attempt, outcome: 'lost' }] } })
        .success,
    ).toBe(false);
  });

  it('has a Portuguese label for every status and outcome, and replays only failed, dead and paused ones', () => {
    for (const s of DELIVERY_STATUSES) expect(DELIVERY_STATUS_LABELS[s]).toMatch(/^[A-Z]/);
    for (const o of DELIVERY_OUTCOMES) expect(DELIVERY_OUTCOME_LABELS[o]).toMatch(/^[A-Z]/);
    expect(DELIVERY_STATUSES.filter(canReplayDelivery)).toEqual(['failed', 'dead', 'paused']);
  });
});

describe('integration responses', () => {
  const status = { last_test_ok: null, last_test_message: null, last_tested_at: null, halted: null };
  const all = INTEGRATION_NAMES.map((name) => ({
    name,
    is_active: false,
    payload: defaultPayload(name),
    ...status,
  }));

  it('accepts the four integrations with their default payloads, and masked secrets (still strings)', () => {
    expect(integrationsListResponse.safeParse({ data: { integrations: all } }).success).toBe(true);
    const masked = {
      name: 'arbo',
      is_active: true,
      payload: { api_key: '••••••••1234' },
      ...status,
      halted: { kind: 'paused', reason: 'HTTP 401', at },
    };
    expect(integrationsListResponse.safeParse({ data: { integrations: [masked] } }).success).toBe(true);
  });

  it('checks each payload against its own integration', () => {
    const wrong = { name: 'arbo', is_active: true, payload: { url: 'https://crm.example' }, ...status };
    expect(integrationsListResponse.safeParse({ data: { integrations: [wrong] } }).success).toBe(false);
  });

  it('names integrations in Portuguese messages', () => {
    expect(integrationLabel('go_harry')).toBe('GoHarry');
    expect(integrationLabel('outro')).toBe('outro');
  });
});
