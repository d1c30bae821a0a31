/**
 * Privacidade (LGPD, docs/privacy.md#rights-of-the-data-subject-art-18-the-privacidade-screen): a person's
 * data found by e-mail or phone, exported and erased, the log of those requests, and the agency's retention
 * periods. Owners and admins only (an agent gets 403); another agency's id answers 404. The person's key
 * travels in a POST body, never in a URL (URLs end up in access logs and browser history).
 *
 * This module reads and changes rows of other modules' tables (leads, contacts, analytics, deliveries):
 * answering for one person across the product is its whole purpose, in one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parsePersonKey, type PersonKey, type PersonSearchBody } from '@vitrine/contracts';
import { fieldError } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { mount } from '../../lib/mount.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { erasePerson } from './erase-person.ts';
import { exportPerson } from './export-person.ts';
import { listPrivacyRequests } from './privacy-requests.ts';
import { readRetentionSettings, updateRetentionSettings } from './retention-settings.ts';
import { summarisePerson } from './summarise-person.ts';

/** The body's key (the schema has checked it; a null here would be a bug, answered as the field's error). */
function keyOf(body: PersonSearchBody): PersonKey {
  const key = parsePersonKey(body);
  if (!key) throw fieldError(body.phone ? 'phone' : 'email', 'Informe o e-mail ou o telefone da pessoa.');
  return key;
}

export default async function privacyRoutes(app: FastifyInstance) {
  const { deps } = app;
  const actorOf = (request: FastifyRequest) => ({
    id: request.currentUser!.id,
    name: request.currentUser!.name,
  });

  mount(app, 'searchPerson', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await summarisePerson(deps, m.realEstateId, keyOf(request.body)) };
  });

  mount(app, 'exportPerson', async (request, reply) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { document } = await exportPerson(deps, {
      realEstateId: m.realEstateId,
      actor: actorOf(request),
      key: keyOf(request.body),
    });
    const day = document.generated_at.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="dados-pessoais-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(document);
  });

  mount(app, 'erasePerson', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { counts, request: logged } = await erasePerson(deps, {
      realEstateId: m.realEstateId,
      actor: actorOf(request),
      key: keyOf(request.body),
    });
    const message =
      counts.leads + counts.contacts
        ? 'Dados anonimizados.'
        : 'Nada a anonimizar: nenhum dado encontrado para esta pessoa.';
    return { data: { counts, request: logged }, message };
  });

  mount(app, 'listPrivacyRequests', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const q = request.query;
    const { data, total } = await listPrivacyRequests(deps, m.realEstateId, q);
    return paginate({
      data,
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/privacy/requests`,
      query: q,
    });
  });

  mount(app, 'getRetention', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await readRetentionSettings(deps, m.realEstateId) };
  });

  mount(app, 'updateRetention', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const data = await updateRetentionSettings(deps, {
      realEstateId: m.realEstateId,
      userId: request.currentUser!.id,
      body: request.body,
    });
    return { data };
  });
}
