import { call } from '@/lib/api-client';

/**
 * PUT /v1/preferences/{id} {value} → {data: Preference}. Called by the screen's auto-save (saves of one
 * row are chained so that they reach the server in order), not through a mutation hook.
 */
export async function savePreference(id: number, value: unknown) {
  return (await call('updatePreferences', { params: { id }, body: { value } })).data;
}
