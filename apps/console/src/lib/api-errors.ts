/** Reading the server's error bodies ({message, errors}) and mapping 422s onto react-hook-form. */
import axios from 'axios';
import type { ApiErrorBody } from '@vitrine/contracts';
import { MESSAGES } from '@vitrine/contracts/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

export const GENERIC_ERROR_MESSAGE = 'Não foi possível concluir a operação. Tente novamente.';
export const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
export const TIMEOUT_ERROR_MESSAGE = 'O servidor demorou demais para responder. Tente novamente.';

/**
 * The API contract keeps a few framework messages in English ("Unauthenticated.", "CSRF token
 * mismatch."); nobody reads them in English. The API client rewrites them here, once, before any
 * screen sees the error (docs/product.md#api-client).
 */
export const SERVER_MESSAGE_TRANSLATIONS: Readonly<Record<string, string>> = {
  [MESSAGES.unauthenticated]: 'Sua sessão expirou. Entre novamente.',
  [MESSAGES.csrfMismatch]: 'Sua sessão de segurança expirou. Recarregue a página e tente novamente.',
  'Too Many Requests': 'Muitas tentativas. Aguarde um instante e tente novamente.',
  'Not Found': 'Registro não encontrado.',
  'Internal Server Error': 'Erro interno do servidor. Tente novamente em instantes.',
};

/** The Portuguese sentence for a server message the contract keeps in English; others unchanged. */
export function translateServerMessage(message: string): string {
  return SERVER_MESSAGE_TRANSLATIONS[message.trim()] ?? message;
}

/** Rewrites `error.response.data.message` in place when it is one of the English ones. */
export function normalizeErrorMessage(error: unknown): void {
  const data = body(error);
  if (data && typeof data.message === 'string') data.message = translateServerMessage(data.message);
}

function body(error: unknown): Partial<ApiErrorBody> | null {
  if (!axios.isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  return data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : null;
}

export function getApiStatus(error: unknown): number | null {
  return axios.isAxiosError(error) ? (error.response?.status ?? null) : null;
}

/** The server's `message`, or a Portuguese sentence for network errors, timeouts and the unknown. */
export function getApiErrorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (axios.isAxiosError(error)) {
    const message = body(error)?.message;
    if (typeof message === 'string' && message.trim() !== '') return translateServerMessage(message);
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return TIMEOUT_ERROR_MESSAGE;
    if (!error.response) return NETWORK_ERROR_MESSAGE;
    return fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The `errors` map of a 422 answer, or null. */
export function getValidationErrors(error: unknown): Record<string, string[]> | null {
  if (getApiStatus(error) !== 422) return null;
  const errors = body(error)?.errors;
  return errors && typeof errors === 'object' ? errors : null;
}

/**
 * Puts each 422 field error on the matching form field (first message) and returns what the form
 * must show above its fields: errors of fields the form does not have, or the message of any
 * non-422 error. Returns null when everything landed on a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const errors = getValidationErrors(error);
  if (!errors) return getApiErrorMessage(error);
  const unmatched: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages?.[0];
    if (!first) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: first }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmatched.push(first);
    }
  }
  if (unmatched.length > 0) return unmatched.join(' ');
  return focused ? null : getApiErrorMessage(error);
}
