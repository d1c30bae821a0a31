/**
 * Conversões (docs/product.md#ad-conversions): the settings (owner and admin), Meta's and the Google
 * Ads API's connection tests, the Google file's address and its rotation, the last sends, what a lead's
 * conversions came to, and the public file Google Ads reads on its schedule.
 */
import type { FastifyInstance } from 'fastify';
import { inArray, and, desc, eq } from 'drizzle-orm';
import { AD_CONVERSION_TARGETS, LEAD_NOT_FOUND, type DeliveryTarget } from '@vitrine/contracts';
import { deliveries, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { leadScopeOf } from '../team/index.ts';
import {
  getConversionSettings,
  googleAdsConnectionOf,
  metaConnectionOf,
  recordConnectionTest,
  rotateGoogleFileToken,
  saveConversionSettings,
} from './conversion-settings.ts';
import { googleConversionsFile } from './google-conversions-file.ts';
import { getLeadConversions } from './lead-conversions.ts';
import { testMetaConnection } from './send-meta-event.ts';
import { testGoogleAdsConnection } from './test-google-ads-connection.ts';

/**
 * Handed over by app.ts: new Meta credentials send the deliveries paused for the old ones. The
 * deliveries module calls this one's Meta sender (it imports this module), so
 * conversions never imports deliveries back.
 */
export interface ConversionRoutesOptions {
  resumePausedDeliveries(
    deps: Pick<Deps, 'db' | 'queue'>,
    realEstateId: number,
    name: DeliveryTarget,
  ): Promise<unknown>;
}

export default async function conversionRoutes(
  app: FastifyInstance,
  { resumePausedDeliveries }: ConversionRoutesOptions,
) {
  const { deps } = app;

  mount(app, 'getConversionSettings', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await getConversionSettings(deps, m.realEstateId) };
  });

  mount(app, 'updateConversionSettings', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { view, metaCredentialsChanged, googleAdsCredentialsChanged } = await saveConversionSettings(deps, {
      realEstateId: m.realEstateId,
      userId: request.currentUser!.id,
      body: request.body,
    });
    if (metaCredentialsChanged) await resumePausedDeliveries(deps, m.realEstateId, 'meta');
    if (googleAdsCredentialsChanged) await resumePausedDeliveries(deps, m.realEstateId, 'google_ads');
    return { data: view, message: 'Conversões salvas.' };
  });

  mount(app, 'testMetaConversions', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const result = await testMetaConnection(await metaConnectionOf(deps, m.realEstateId), {
      http: deps.outbound,
      graphUrl: app.config.META_GRAPH_URL,
    });
    await recordConnectionTest(deps, m.realEstateId, 'meta', result);
    return { data: result };
  });

  mount(app, 'testGoogleAdsConversions', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const result = await testGoogleAdsConnection(await googleAdsConnectionOf(deps, m.realEstateId), {
      http: deps.outbound,
      apiUrl: app.config.GOOGLE_ADS_API_URL,
      tokenUrl: app.config.GOOGLE_OAUTH_TOKEN_URL,
    });
    await recordConnectionTest(deps, m.realEstateId, 'google_ads', result);
    return { data: result };
  });

  mount(app, 'rotateGoogleConversionsFile', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return {
      data: await rotateGoogleFileToken(deps, {
        realEstateId: m.realEstateId,
        userId: request.currentUser!.id,
      }),
      message: 'Novo endereço gerado: atualize-o na importação programada do Google Ads.',
    };
  });

  mount(app, 'listConversionSends', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const rows = await deps.db
      .select({ d: deliveries, name: leads.name, isTest: leads.isTest })
      .from(deliveries)
      .leftJoin(leads, eq(leads.id, deliveries.leadId))
      .where(
        and(
          eq(deliveries.realEstateId, m.realEstateId),
          inArray(deliveries.integration, [...AD_CONVERSION_TARGETS]),
        ),
      )
      .orderBy(desc(deliveries.createdAt))
      .limit(50);
    return {
      data: rows.map(({ d, name, isTest }) => ({
        id: d.id,
        webhook_id: `msg_${d.id.replace(/-/g, '')}`,
        integration: d.integration,
        event: d.event,
        status: d.status,
        attempts: d.attempts,
        last_status_code: d.lastStatusCode,
        last_error: d.lastError,
        next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
        delivered_at: d.deliveredAt?.toISOString() ?? null,
        lead_id: d.leadId,
        lead: name === null ? null : { name, is_test: !!isTest },
        external_id: d.externalId,
        created_at: d.createdAt.toISOString(),
        updated_at: d.updatedAt.toISOString(),
      })),
    };
  });

  mount(app, 'getLeadConversions', async (request) => {
    await app.requireUser(request);
    const [lead] = await deps.db.select().from(leads).where(eq(leads.id, request.params.id));
    if (!lead) throw notFound(LEAD_NOT_FOUND);
    const m = await app.requireMembership(request, lead.realEstateId);
    const scope = await leadScopeOf(deps, m, request.currentUser!.id);
    if (scope !== null && lead.assignedUserId !== scope) throw notFound(LEAD_NOT_FOUND);
    return { data: await getLeadConversions(deps, lead) };
  });

  mount(app, 'getGoogleConversionsFile', async (request, reply) => {
    const csv = await googleConversionsFile(deps, request.params.token);
    if (csv === null) throw notFound('Arquivo não encontrado.');
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        // The 200 is documented as a text/csv string; sent as it is, never serialized.
        .send(csv as unknown as string)
    );
  });
}
