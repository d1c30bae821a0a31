/** Configurações: the agency's preferences (owner and admin; an agent gets 403). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PREFERENCE_LABELS,
  preferenceResponse,
  preferenceValueSchemas,
  preferencesListResponse,
  updatePreferenceBody,
  type PreferenceKey,
} from '@vitrine/contracts';
import { issuesToErrors, notFound, validationError } from '../../lib/http-errors.ts';
import { idParams } from '../../lib/route-params.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { findPreference, listPreferences, updatePreference } from './agency-preferences.ts';

export default async function preferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/v1/real-estates/:id/preferences',
    {
      schema: {
        tags: ['preferences'],
        summary: 'Preferências da imobiliária (todas as chaves, com o padrão quando não foram alteradas)',
        params: idParams,
        response: { 200: preferencesListResponse },
      },
    },
    async (request) => {
      const membership = await app.requireMembership(request, request.params.id, MANAGERS);
      return { data: await listPreferences(deps, membership.realEstateId) };
    },
  );

  r.put(
    '/v1/preferences/:id',
    {
      schema: {
        tags: ['preferences'],
        summary: 'Alterar uma preferência ({value}; um valor inválido é 422)',
        params: idParams,
        body: updatePreferenceBody,
        response: { 200: preferenceResponse },
      },
    },
    async (request) => {
      await app.requireUser(request);
      const row = await findPreference(deps, request.params.id);
      if (!row) throw notFound();
      await app.requireMembership(request, row.realEstateId, MANAGERS);
      const key = row.key as PreferenceKey;
      const parsed = preferenceValueSchemas[key].safeParse(request.body.value);
      if (!parsed.success) {
        // Errors under "value" (value.message for a field inside an object value).
        const errors = issuesToErrors(parsed.error.issues.map((i) => ({ ...i, path: ['value', ...i.path] })));
        throw validationError(errors);
      }
      const data = await updatePreference(deps, {
        id: row.id,
        value: parsed.data,
        userId: request.currentUser!.id,
      });
      return { data, message: `${PREFERENCE_LABELS[key].label}: salvo.` };
    },
  );
}
