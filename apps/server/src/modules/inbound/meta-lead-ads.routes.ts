/**
 * Meta lead forms (docs/product.md#meta-lead-forms): the product's webhook on the API host (Meta's
 * verification request and its signed `leadgen` notifications) and the agency's connection on the lead
 * sources screen (owner and admin only).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@vitrine/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import {
  connectMetaLeadAds,
  disconnectMetaLeadAds,
  metaLeadAdsView,
  refreshMetaLeadForms,
  saveMetaFormPages,
} from './meta-lead-ads.ts';
import { connectMetaOAuthPage } from './connect-meta-oauth-page.ts';
import {
  discardMetaOAuth,
  finishMetaOAuth,
  metaOAuthReturnUrl,
  startMetaOAuth,
} from './meta-oauth-grants.ts';
import {
  leadgenChanges,
  parseMetaJson,
  receiveMetaNotification,
  validMetaSignature,
  verifyMetaHandshake,
} from './meta-lead-ads-webhook.ts';

/** Meta batches up to 1,000 changes in one notification: well under this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export default async function metaLeadAdsRoutes(app: FastifyInstance) {
  const { deps } = app;

  /**
   * The verification request Meta sends when the webhook is set up in the app: the challenge back when
   * `hub.verify_token` is META_WEBHOOK_VERIFY_TOKEN, 401 otherwise (or when none is configured).
   */
  mount(app, 'verifyMetaWebhook', async (request, reply) => {
    const challenge = verifyMetaHandshake(deps.config.META_WEBHOOK_VERIFY_TOKEN, request.query);
    if (challenge === null) throw new HttpError(401, MESSAGES.unauthenticated);
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  // The notifications: the signature is over the raw bytes, so this route keeps them (its own scope).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    mount(
      scope,
      'receiveMetaWebhook',
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // Nothing is read, stored or logged from a body Meta did not sign.
        if (!validMetaSignature(deps.config.META_APP_SECRET, raw, request.headers['x-hub-signature-256']))
          throw new HttpError(401, MESSAGES.unauthenticated);
        let changes;
        try {
          changes = leadgenChanges(parseMetaJson(raw));
        } catch {
          changes = null;
        }
        if (changes === null)
          throw new HttpError(400, 'Notificação inválida: o corpo deve ser um objeto JSON com "entry".');
        const leads = await receiveMetaNotification(deps, changes);
        return { received: true as const, leads };
      },
      { bodyLimit: WEBHOOK_BODY_LIMIT },
    );
  });

  mount(app, 'getMetaLeadAds', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await metaLeadAdsView(deps, m.realEstateId, request.currentUser!.id) };
  });

  /** After a page is connected (pasted token or Facebook Login): its forms, and the card's answer. */
  const connected = async (request: FastifyRequest, realEstateId: number) => {
    // The forms come with the connection; a failure to list them leaves the page connected.
    await refreshMetaLeadForms(deps, realEstateId).catch((err: unknown) =>
      request.log.warn({ err }, 'meta lead forms not listed after connecting'),
    );
    const data = await metaLeadAdsView(deps, realEstateId, request.currentUser!.id);
    return {
      data,
      message: `Página ${data.page_name ?? data.page_id} conectada: os leads dos formulários chegam aqui.`,
    };
  };

  mount(app, 'connectMetaLeadAds', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    await connectMetaLeadAds(deps, m.realEstateId, request.currentUser!.id, {
      pageId: request.body.page_id,
      token: request.body.page_access_token,
    });
    // A "Conectar com Facebook" left halfway is moot now: its pages and tokens are forgotten.
    await discardMetaOAuth(deps, m.realEstateId, request.currentUser!.id);
    return connected(request, m.realEstateId);
  });

  // "Conectar com Facebook": the dialog's URL, Facebook's answer (a browser redirect), the page chosen.
  mount(app, 'startMetaOAuth', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const url = await startMetaOAuth(deps, {
      realEstateId: m.realEstateId,
      userId: request.currentUser!.id,
      sessionHash: request.session!.idHash,
    });
    return { data: { url } };
  });

  mount(app, 'metaOAuthCallback', async (request, reply) => {
    const outcome = await finishMetaOAuth(deps, request.session, request.query);
    return reply.redirect(metaOAuthReturnUrl(deps.config, outcome), 302);
  });

  mount(app, 'connectMetaOAuthPage', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    await connectMetaOAuthPage(deps, m.realEstateId, request.currentUser!.id, request.body.page_id);
    return connected(request, m.realEstateId);
  });

  mount(app, 'discardMetaOAuth', async (request, reply) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    await discardMetaOAuth(deps, m.realEstateId, request.currentUser!.id);
    return reply.status(204).send();
  });

  mount(app, 'disconnectMetaLeadAds', async (request, reply) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    await disconnectMetaLeadAds(deps, m.realEstateId, request.currentUser!.id);
    return reply.status(204).send();
  });

  mount(app, 'listMetaLeadForms', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    await refreshMetaLeadForms(deps, m.realEstateId);
    return { data: await metaLeadAdsView(deps, m.realEstateId, request.currentUser!.id) };
  });

  mount(app, 'updateMetaLeadForms', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    await saveMetaFormPages(deps, m.realEstateId, request.currentUser!.id, request.body);
    return {
      data: await metaLeadAdsView(deps, m.realEstateId, request.currentUser!.id),
      message: 'Formulários salvos.',
    };
  });
}
