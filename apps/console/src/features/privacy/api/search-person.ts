import type { PersonSearchBody } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * POST /v1/real-estates/{id}/privacy/search {email} or {phone} → what the agency holds on the person.
 * A POST (not a query in the URL): the person's e-mail or phone stays out of logs and history.
 */
export async function searchPerson(realEstateId: number, body: PersonSearchBody) {
  return (await call('searchPerson', { params: { id: realEstateId }, body })).data;
}

export const useSearchPerson = (realEstateId: number) =>
  useMutation({ mutationFn: (body: PersonSearchBody) => searchPerson(realEstateId, body) });
