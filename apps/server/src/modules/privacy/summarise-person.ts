/** What the Privacidade screen shows after a search: counts per kind and the person's leads. */
import { personKeyText, type PersonKey, type PersonSummary } from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { countsOf, findPerson } from './find-person.ts';

const MAX_LEADS = 100;

export async function summarisePerson(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  key: PersonKey,
): Promise<PersonSummary> {
  const data = await findPerson(deps.db, realEstateId, key);
  return {
    key: { type: key.type, value: personKeyText(key) },
    counts: countsOf(data),
    leads: data.leads.slice(0, MAX_LEADS).map(({ lead, page }) => ({
      id: lead.id,
      created_at: lead.createdAt.toISOString(),
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      status: lead.status,
      consent: lead.consent,
      page: page?.id ? { id: page.id, title: page.title } : null,
    })),
  };
}
