/** Configurações: the agency's preferences (owner and admin; an agent gets 403). */
import type { FastifyInstance } from 'fastify';
import { PREFERENCE_LABELS, preferenceValueSchemas, type PreferenceKey } from '@vitrine/contracts';
import { issuesToErrors, notFound, validationError } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { findPreference, listPreferences, updatePreference } from './agency-preferences.ts';

export default async function preferenceRoutes(app: FastifyInstance) {
  const { deps } = app;

  mount(app, 'getPreferences', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await listPreferences(deps, membership.realEstateId) };
  });

  mount(app, 'updatePreferences', async (request) => {
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
  });
}
