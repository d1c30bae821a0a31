/** Sign-in, sign-up, sign-out, the current user and password recovery (docs/product.md#session). */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, throttleMessage } from '@vitrine/contracts';
import { HttpError, fieldError, unauthenticated } from '../../lib/http-errors.ts';
import { accountLockSeconds, type ThrottleState } from '../../lib/throttle.ts';
import { LOGIN_IP_WINDOW_SECONDS, deviceTrust } from './device-trust.ts';
import { resetPassword, sendPasswordResetLink } from './password-reset.ts';
import { registerUser } from './register-user.ts';
import type { Deps } from '../../deps.ts';
import { findUserByEmail, getUserView, hashPassword, isPendingAccount, verifyPassword } from './users.ts';
import { mount } from '../../lib/mount.ts';

/**
 * What sign-up needs from the team module, handed over by app.ts when it registers these routes: the
 * team module builds on accounts (it imports this one), so this module never imports it back.
 */
export interface AuthRoutesOptions {
  /**
   * Sign-up with an invitation token: the account the invitation made gets its name and password and
   * joins the agency. Returns the user's id; a 422 naming the field otherwise.
   */
  registerInvitedUser(
    deps: Pick<Deps, 'db'>,
    input: { name: string; email: string; passwordHash: string; token: string },
  ): Promise<number>;
}

export default async function authRoutes(app: FastifyInstance, { registerInvitedUser }: AuthRoutesOptions) {
  const { deps, throttle, config } = app;
  const devices = deviceTrust(config);

  const tooMany = (seconds: number) =>
    new HttpError(429, throttleMessage(seconds), undefined, undefined, { 'retry-after': String(seconds) });

  const userOr401 = async (userId: number) => {
    const user = await getUserView(deps, userId);
    if (!user) throw unauthenticated();
    return user;
  };

  mount(app, 'login', async (request, reply) => {
    const { email, password } = request.body;
    // The demo login of a first start exists once the background seed commits (server.ts).
    await app.demoSeeding.readyFor(email);
    // Limits, all in the database (every process shares them): per e-mail and address (one source
    // guessing); per address across accounts (one source trying many accounts;
    // docs/operations.md#sign-in-limits); and per account whatever the address (guesses spread over many
    // addresses): after LOGIN_ACCOUNT_MAX_FAILURES failures the account locks 1 min, doubling up to 15 min,
    // for every device but the browsers it signed in from before (device-trust.ts): nobody locks the owner
    // out from anywhere. A password reset clears the lock.
    const key = `login:${email}|${request.ip}`;
    const ipKey = `login-ip-failures:${request.ip}`;
    const failuresKey = `login-failures:${email}`;
    const lockKey = `login-lock:${email}`;
    const [state, perIp, lock, user] = await Promise.all([
      throttle.peek(key),
      throttle.peek(ipKey),
      throttle.peek(lockKey),
      findUserByEmail(deps, email),
    ]);
    const trusted = !!user && devices.trusts(request, user);
    if (lock.hits > 0 && !trusted) throw tooMany(lock.retryAfterSeconds);
    if (state.hits >= config.LOGIN_MAX_ATTEMPTS) throw tooMany(state.retryAfterSeconds);
    // The window across accounts is for one address trying many accounts; a browser with this
    // account's mark tries only its own (behind a carrier's shared address, a neighbour's failures must
    // not lock it out), so it neither waits for that window nor adds to it: its own windows still count.
    if (perIp.hits >= config.LOGIN_IP_MAX_FAILURES && !trusted) throw tooMany(perIp.retryAfterSeconds);
    if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
      const [after, failures, ipFailures] = (await throttle.hitMany([
        [key, config.LOGIN_DECAY_SECONDS],
        [failuresKey, 24 * 3600],
        ...(trusted ? [] : [[ipKey, LOGIN_IP_WINDOW_SECONDS] as [string, number]]),
      ])) as [ThrottleState, ThrottleState, ThrottleState | undefined];
      if (failures.hits >= config.LOGIN_ACCOUNT_MAX_FAILURES) {
        const seconds = accountLockSeconds(failures.hits, config.LOGIN_ACCOUNT_MAX_FAILURES);
        await throttle.lockFor(lockKey, seconds);
        request.log.warn(
          { failures: failures.hits, lockSeconds: seconds },
          'sign-in locked after repeated failures',
        );
      }
      if (after.hits > config.LOGIN_MAX_ATTEMPTS) throw tooMany(after.retryAfterSeconds);
      if (ipFailures && ipFailures.hits > config.LOGIN_IP_MAX_FAILURES)
        throw tooMany(ipFailures.retryAfterSeconds);
      throw fieldError('email', MESSAGES.invalidCredentials);
    }
    // A lock still running (someone else failing elsewhere) outlives the owner's own sign-in.
    await Promise.all([throttle.clear(key), lock.hits > 0 ? null : throttle.clear(failuresKey)]);
    devices.remember(request, reply, user);
    await app.sessions.start(request, reply, user.id);
    return { user: await userOr401(user.id) };
  });

  mount(app, 'logout', async (request, reply) => {
    await app.sessions.destroy(request, reply);
    return null;
  });

  mount(app, 'getMe', async (request) => ({ user: await userOr401(request.currentUser!.id) }), {
    preHandler: app.requireUser,
  });

  mount(app, 'register', async (request, reply) => {
    const ipState = await throttle.hit(`register:${request.ip}`, 3600);
    if (ipState.hits > 20) throw tooMany(ipState.retryAfterSeconds);
    const body = request.body;
    const existing = await findUserByEmail(deps, body.email);
    let userId: number;
    if (body.invitation_token) {
      // Someone invited to a team (docs/product.md#team): the account the invitation made is completed and
      // the invitation used, so they land inside the agency.
      if (existing && !isPendingAccount(existing)) throw fieldError('email', MESSAGES.emailTaken);
      userId = await registerInvitedUser(deps, {
        name: body.name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        token: body.invitation_token,
      });
      await app.sessions.start(request, reply, userId);
      return { user: await userOr401(userId) };
    }
    // An invited e-mail that was never registered gets its account; its invitation stays pending
    // (register-user.ts).
    if (existing && !isPendingAccount(existing)) throw fieldError('email', MESSAGES.emailTaken);
    try {
      const id = await registerUser(deps, body, existing?.id);
      if (id === null) throw fieldError('email', MESSAGES.emailTaken);
      userId = id;
    } catch (err) {
      // Two sign-ups racing for the same e-mail: the unique index decides.
      if (isUniqueViolation(err)) throw fieldError('email', MESSAGES.emailTaken);
      throw err;
    }
    await app.sessions.start(request, reply, userId);
    return { user: await userOr401(userId) };
  });

  mount(app, 'forgotPassword', async (request) => {
    const { email } = request.body;
    // Same answer whether or not the e-mail exists; at most one e-mail a minute per address.
    const perIp = await throttle.hit(`forgot-ip:${request.ip}`, 3600);
    if (perIp.hits > 30) throw tooMany(perIp.retryAfterSeconds);
    const perEmail = await throttle.hit(`forgot:${email}`, 60);
    if (perEmail.hits === 1) await sendPasswordResetLink(deps, email);
    return { message: MESSAGES.resetLinkSent };
  });

  mount(app, 'resetPassword', async (request, reply) => {
    const { email, token, password } = request.body;
    const perIp = await throttle.hit(`reset-ip:${request.ip}`, 3600);
    if (perIp.hits > 30) throw tooMany(perIp.retryAfterSeconds);
    const userId = await resetPassword(deps, { email, token, password });
    if (userId === null) throw fieldError('email', MESSAGES.invalidResetToken);
    // Whoever holds the mailbox is the owner: the sign-in lock and its failures end here.
    await Promise.all([throttle.clear(`login-failures:${email}`), throttle.clear(`login-lock:${email}`)]);
    await app.sessions.destroyAllForUser(userId);
    if (request.session) await app.sessions.destroy(request, reply);
    return { message: MESSAGES.passwordReset };
  });
}

export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  while (e && typeof e === 'object') {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
