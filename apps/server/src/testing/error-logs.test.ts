/**
 * A failed query's log line carried the SQL parameters (an argon2 hash, a lead's personal
 * data). The app's logger serializes errors by type, message, code and frames only (docs/operations.md#logs).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createOwner, createTestContext, type TestContext } from './test-app.ts';

const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _e, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  ctx = await createTestContext({}, {}, { level: 'info', stream });
});
afterAll(async () => {
  await ctx?.close();
});

describe('error logs', () => {
  it('a failed query is logged with its code, never with its parameters', async () => {
    const owner = await createOwner(ctx);
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$valor-que-nao-pode-ir-ao-log';
    let failure: unknown;
    try {
      await ctx.database.db
        .insert(users)
        .values({ name: 'Pessoa Privada da Silva', email: owner.email, passwordHash: hash });
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeDefined();
    ctx.app.log.error({ err: failure }, 'request failed');
    const all = lines.join('');
    expect(all).toContain('request failed');
    expect(all).toContain('23505');
    for (const value of [hash, 'valor-que-nao-pode-ir-ao-log', owner.email, 'Pessoa Privada'])
      expect(all).not.toContain(value);
  });
});
