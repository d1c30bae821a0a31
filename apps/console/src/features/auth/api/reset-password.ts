import type { ResetPasswordBody } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/reset-password → {message}. */
export async function postResetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  const response = await api.post<{ message: string }>('/v1/reset-password', body);
  return response.data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword });
}
