import { describe, expect, it } from 'vitest';
import { redactSecrets, serializeError } from './redact.ts';

describe('redactSecrets', () => {
  it('hides the values of secret-looking JSON keys, key=value pairs, XML elements and bearer tokens', () => {
    const body = JSON.stringify({
      ok: false,
      token: 'tok-123456',
      user: { password: 'p@ss', name: 'Ana' },
      api_key: 'k-9',
      access_token: 'abc',
      expires: 3600,
    });
    const out = redactSecrets(body);
    for (const secret of ['tok-123456', 'p@ss', 'k-9', '"abc"']) expect(out).not.toContain(secret);
    expect(out).toContain('"name":"Ana"');
    expect(out).toContain('"expires":3600');
    expect(JSON.parse(out)).toMatchObject({ token: '[removido]', user: { password: '[removido]' } });
    expect(redactSecrets('erro: token=abc123&user=ana; senha: segredo')).toBe(
      'erro: token=[removido]&user=ana; senha: [removido]',
    );
    expect(redactSecrets('<r><accessToken>xyz</accessToken><id>7</id></r>')).toBe(
      '<r><accessToken>[removido]</accessToken><id>7</id></r>',
    );
    expect(redactSecrets('Authorization: Bearer eyJhbGciOi.abc.def')).not.toContain('eyJhbGciOi');
    // a snippet cut in the middle of a value
    expect(redactSecrets('{"refresh_token":"abcdefgh')).toBe('{"refresh_token":"[removido]"');
    expect(redactSecrets(null)).toBeNull();
  });
});

describe('serializeError', () => {
  it('keeps type, message, code and frames; drops SQL parameters, detail and other fields', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        constraint: 'users_email_unique',
        detail: 'Key (email)=(ana@exemplo.com) already exists.',
      },
    );
    class DrizzleQueryError extends Error {
      query = 'insert into users (email, password_hash) values ($1, $2)';
      params = ['ana@exemplo.com', '$argon2id$v=19$m=19456$segredo'];
    }
    const err = new DrizzleQueryError(
      `Failed query: insert into users\nparams: ana@exemplo.com,$argon2id$v=19$m=19456$segredo`,
      { cause },
    );
    const text = JSON.stringify(serializeError(err));
    expect(text).not.toContain('ana@exemplo.com');
    expect(text).not.toContain('argon2');
    expect(text).toContain('23505');
    expect(text).toContain('users_email_unique');
    expect(text).toContain('DrizzleQueryError');
  });
});
