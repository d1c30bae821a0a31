/** Errors that map to an HTTP answer: one table from error to status, used by the error handler. */
import type { z } from 'zod';
import { MESSAGES } from '@vitrine/contracts';

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly data?: unknown,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);

/** Laravel-style 422: the first message, "(e mais N erros)", and every message per field. */
export function validationError(errors: Record<string, string[]>): HttpError {
  const all = Object.values(errors).flat();
  const extra = all.length - 1;
  const message =
    (all[0] ?? 'Os dados enviados são inválidos.') +
    (extra > 0 ? ` (e mais ${extra} erro${extra === 1 ? '' : 's'})` : '');
  return new HttpError(422, message, errors);
}

export function fieldError(field: string, message: string): HttpError {
  return validationError({ [field]: [message] });
}

type Issue = { path: readonly PropertyKey[]; message: string };

export function issuesToErrors(issues: readonly Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    const message = issue.path.length
      ? issue.message
      : 'O corpo da requisição deve ser um objeto JSON com os campos esperados.';
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

/** Parses with a zod schema or throws the 422 the API answers everywhere. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  return result.data;
}
