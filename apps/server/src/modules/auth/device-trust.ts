/**
 * Browsers an account signed in from (docs/operations.md#sign-in-limits): after a successful sign-in the
 * browser keeps a signed mark for that account (an HttpOnly cookie, one entry per account, the newest few),
 * and the account's lock after repeated failures (auth.routes.ts) does not apply to it. Someone failing on
 * purpose from elsewhere then locks out only devices the owner never used, not the owner's usual browser.
 *
 * An entry is `<userId>.<nonce>.<hmac>`, signed with the server key: it cannot be made for another
 * account, nor moved from one to another. The signature also covers the account's current password hash
 * (its "generation"): a password reset or change makes every mark issued before it invalid, so a
 * browser that signed in before the owner reset the password (a stolen laptop, a shared computer)
 * no longer skips the lock.
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

/** The account a mark is for: its id and its current password hash (the mark's generation). */
export interface DeviceUser {
  id: number;
  passwordHash: string;
}

export function deviceTrust(config: Pick<AppConfig, 'appKey' | 'secureCookies'>) {
  const key = createSecretKey(config.appKey);
  const sign = (user: DeviceUser, nonce: string) =>
    createHmac('sha256', key)
      .update(`device:${user.id}.${nonce}.${user.passwordHash}`)
      .digest('base64url')
      .slice(0, 22);
  const entries = (request: FastifyRequest) =>
    (request.cookies[DEVICE_COOKIE] ?? '').split('~').filter((e) => /^\d+\.[\w-]{1,32}\.[\w-]{22}$/.test(e));
  const forUser = (entry: string, user: DeviceUser) => Number(entry.split('.')[0]) === user.id;
  const valid = (entry: string, user: DeviceUser) => {
    const [, nonce, sig] = entry.split('.') as [string, string, string];
    return forUser(entry, user) && safeEqual(sig, sign(user, nonce));
  };
  return {
    /** The browser signed in to this account before. */
    trusts(request: FastifyRequest, user: DeviceUser): boolean {
      return entries(request).some((e) => valid(e, user));
    },
    /** Marks the browser for this account (after a successful sign-in). */
    remember(request: FastifyRequest, reply: FastifyReply, user: DeviceUser) {
      // This account's older entries (valid or left over from before a reset) give way to the new one.
      const others = entries(request).filter((e) => !forUser(e, user));
      const nonce = randomBytes(12).toString('base64url');
      const value = [...others.slice(-(MAX_ENTRIES - 1)), `${user.id}.${nonce}.${sign(user, nonce)}`].join(
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
