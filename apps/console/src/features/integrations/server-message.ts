import axios from 'axios';

/**
 * The `message` of the server's error body, or null. docs/product.md#integration-messages shows "the server's
 * response message, or <fallback>": unlike lib/api-errors' getApiErrorMessage, network failures get the
 * fallback.
 */
export function serverMessage(error: unknown): string | null {
  if (!axios.isAxiosError(error)) return null;
  const message: unknown = (error.response?.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** First message of each 422 field error, keyed without the "payload." prefix ('url', 'authentication.key'). */
export function payloadFieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError(error) || error.response?.status !== 422) return {};
  const errors: unknown = (error.response.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string') out[field.replace(/^payload\./, '')] = first;
  }
  return out;
}
