import type { RealEstateProfileFields } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { realEstateQueryOptions } from './get-real-estate';

export interface UpdateRealEstateInput {
  id: number;
  fields: Omit<RealEstateProfileFields, 'remove_logo'>;
  logo?: File | null;
  removeLogo?: boolean;
}

/** The multipart body: every profile field (empty string for none), `_method=PUT`, the logo file. */
export function buildProfileFormData({
  fields,
  logo,
  removeLogo,
}: Omit<UpdateRealEstateInput, 'id'>): FormData {
  const data = new FormData();
  data.append('_method', 'PUT');
  for (const [key, value] of Object.entries(fields)) data.append(key, value == null ? '' : String(value));
  if (logo) data.append('logo', logo);
  else if (removeLogo) data.append('remove_logo', '1');
  return data;
}

/** POST /v1/real-estates/{id} (multipart, method override to PUT) → {data: RealEstate} */
export async function updateRealEstate(input: UpdateRealEstateInput) {
  const answer = await call(
    'updateRealEstateMultipart',
    { params: { id: input.id }, body: buildProfileFormData(input) },
    // Not JSON: axios would otherwise serialise the FormData; the browser adds the boundary.
    { headers: { 'Content-Type': 'multipart/form-data' } },
  );
  return answer.data;
}

export function useUpdateRealEstate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRealEstate,
    onSuccess: (realEstate) => {
      queryClient.setQueryData(realEstateQueryOptions(realEstate.id).queryKey, realEstate);
    },
  });
}
