import type { ResetPasswordBody } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /v1/reset-password → {message}. */
export function postResetPassword(body: ResetPasswordBody) {
  return call('resetPassword', { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword });
}
