import { describe, expect, it, vi } from 'vitest';
import { handlePath, networkError, reply } from '@/test/network';
import { api } from './api-client';
import {
  applyServerErrors,
  GENERIC_ERROR_MESSAGE,
  getApiErrorMessage,
  getValidationErrors,
  NETWORK_ERROR_MESSAGE,
  translateServerMessage,
} from './api-errors';

async function failWith(status: number, body: unknown) {
  handlePath('GET', '/x', reply(status, body));
  return api.get('/x').catch((e: unknown) => e);
}

describe('getApiErrorMessage', () => {
  it("reads the server's message", async () => {
    expect(getApiErrorMessage(await failWith(429, { message: 'Muitas tentativas.' }))).toBe(
      'Muitas tentativas.',
    );
  });
  it('falls back when the body has no message', async () => {
    expect(getApiErrorMessage(await failWith(500, ''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(getApiErrorMessage(await failWith(500, {}), 'Outra.')).toBe('Outra.');
  });
  it('explains network failures', async () => {
    handlePath('GET', '/net', networkError);
    expect(getApiErrorMessage(await api.get('/net').catch((e: unknown) => e))).toBe(NETWORK_ERROR_MESSAGE);
  });
  it('uses the message of plain errors', () => {
    expect(getApiErrorMessage(new Error('Resposta inválida.'))).toBe('Resposta inválida.');
  });
});

describe('422 mapping', () => {
  const body = {
    message: 'Dados inválidos.',
    errors: { email: ['Informe um e-mail válido.', 'outro'], token: ['Link expirou.'] },
  };

  it('reads the errors map only from 422 answers', async () => {
    expect(getValidationErrors(await failWith(422, body))).toEqual(body.errors);
    expect(getValidationErrors(await failWith(400, body))).toBeNull();
  });

  it('sets the first message on known fields and returns the rest for the form', async () => {
    const setError = vi.fn();
    const rest = applyServerErrors(await failWith(422, body), setError, ['email', 'password']);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'Informe um e-mail válido.' },
      { shouldFocus: true },
    );
    expect(rest).toBe('Link expirou.');
  });

  it('returns null when every error landed on a field', async () => {
    const setError = vi.fn();
    expect(
      applyServerErrors(await failWith(422, { message: 'x', errors: { email: ['a'] } }), setError, ['email']),
    ).toBeNull();
  });

  it('returns the message of non-422 errors without touching fields', async () => {
    const setError = vi.fn();
    expect(applyServerErrors(await failWith(429, { message: 'Aguarde.' }), setError, ['email'])).toBe(
      'Aguarde.',
    );
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('English messages of the API contract, in Portuguese', () => {
  it('translates "Unauthenticated." and "CSRF token mismatch." and leaves the rest alone', () => {
    expect(translateServerMessage('Unauthenticated.')).toBe('Sua sessão expirou. Entre novamente.');
    expect(translateServerMessage('CSRF token mismatch.')).toBe(
      'Sua sessão de segurança expirou. Recarregue a página e tente novamente.',
    );
    expect(translateServerMessage('Registro não encontrado.')).toBe('Registro não encontrado.');
  });
});
