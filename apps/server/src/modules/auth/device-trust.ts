/**
 * Browsers an account signed in from (docs/operations.md#sign-in-limits): after a successful sign-in the
 * browser keeps a signed mark for that account (an HttpOnly cookie, one entry per account, the newest few),
 * and the account's lock after repeated failures (auth.routes.ts) does not apply to it. Someone failing on
 * purpose from elsewhere then locks out only devices the owner never used, not the owner's usual browser.
 *
 * An entry is `<userId>.<nonce>.<hmac>`, signed with the server key: it cannot be made for another
 * account, nor moved from one to another.
 */
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { safeEqual } from '../../lib/crypto.ts';

export const DEVICE_COOKIE = 'vitrine_device';
/** The window of the per-address failures across accounts (LOGIN_IP_MAX_FAILURES). */
export const LOGIN_IP_WINDOW_SECONDS = 15 * 60;
const MAX_ENTRIES = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function deviceTrust(config: Pick<AppConfig, 'appKey' | 'secureCookies'>) {
  const key = createSecretKey(config.appKey);
  const sign = (userId: number, nonce: string) =>
    createHmac('sha256', key).update(`device:${userId}.${nonce}`).digest('base64url').slice(0, 22);
  const entries = (request: FastifyRequest) =>
    (request.cookies[DEVICE_COOKIE] ?? '').split('~').filter((e) => /^\d+\.[\w-]{1,32}\.[\w-]{22}$/.test(e));
  const valid = (entry: string, userId: number) => {
    const [id, nonce, sig] = entry.split('.') as [string, string, string];
    return Number(id) === userId && safeEqual(sig, sign(userId, nonce));
  };
  return {
    /** The browser signed in to this account before. */
    trusts(request: FastifyRequest, userId: number): boolean {
      return entries(request).some((e) => valid(e, userId));
    },
    /** Marks the browser for this account (after a successful sign-in). */
    remember(request: FastifyRequest, reply: FastifyReply, userId: number) {
      const others = entries(request).filter((e) => !valid(e, userId));
      const nonce = randomBytes(12).toString('base64url');
      const value = [...others.slice(-(MAX_ENTRIES - 1)), `${userId}.${nonce}.${sign(userId, nonce)}`].join(
        '~',
      );
      reply.setCookie(DEVICE_COOKIE, value, {
        path: '/v1/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.secureCookies,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}
