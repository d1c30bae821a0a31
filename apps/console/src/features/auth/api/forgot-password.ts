import type { ForgotPasswordBody } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/forgot-password → {message}. */
export async function postForgotPassword(body: ForgotPasswordBody): Promise<{ message: string }> {
  const response = await api.post<{ message: string }>('/v1/forgot-password', body);
  return response.data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: postForgotPassword });
}
