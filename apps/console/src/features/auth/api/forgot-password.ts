import type { ForgotPasswordBody } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /v1/forgot-password → {message}. */
export function postForgotPassword(body: ForgotPasswordBody) {
  return call('forgotPassword', { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: postForgotPassword });
}
