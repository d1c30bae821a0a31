/** Sign-in, sign-up, sign-out, the current user and password recovery (api-contract.md). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import {
  MESSAGES,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  throttleMessage,
  userResponse,
} from '@vitrine/contracts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { HttpError, fieldError, unauthenticated } from '../../lib/http-errors.ts';
import { renderEmail } from '../mail/mailer.ts';
import { createRealEstate, createUser, findUserByEmail, getUserView, hashPassword, verifyPassword } from './users.service.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const messageResponse = z.object({ message: z.string() });

export default async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { storage, throttle, mailer, config } = app;

  const tooMany = (seconds: number) =>
    new HttpError(429, throttleMessage(seconds), undefined, undefined, { 'retry-after': String(seconds) });

  const userOr401 = async (userId: number) => {
    const user = await getUserView(db, storage, userId);
    if (!user) throw unauthenticated();
    return user;
  };

  r.post(
    '/v1/login',
    { schema: { tags: ['auth'], summary: 'Entrar', body: loginBody, response: { 200: userResponse } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const key = `login:${email}|${request.ip}`;
      const state = await throttle.peek(key);
      if (state.hits >= config.LOGIN_MAX_ATTEMPTS) throw tooMany(state.retryAfterSeconds);
      const user = await findUserByEmail(db, email);
      if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
        const after = await throttle.hit(key, config.LOGIN_DECAY_SECONDS);
        if (after.hits > config.LOGIN_MAX_ATTEMPTS) throw tooMany(after.retryAfterSeconds);
        throw fieldError('email', MESSAGES.invalidCredentials);
      }
      await throttle.clear(key);
      await app.sessions.start(request, reply, user.id);
      return { user: await userOr401(user.id) };
    },
  );

  r.post('/v1/logout', { schema: { tags: ['auth'], summary: 'Sair' } }, async (request, reply) => {
    await app.sessions.destroy(request, reply);
    return reply.status(204).send();
  });

  r.get(
    '/v1/me',
    { schema: { tags: ['auth'], summary: 'Usuário atual', response: { 200: userResponse } }, preHandler: app.requireUser },
    async (request) => ({ user: await userOr401(request.currentUser!.id) }),
  );

  r.post(
    '/v1/register',
    { schema: { tags: ['auth'], summary: 'Cadastro', body: registerBody, response: { 201: userResponse } } },
    async (request, reply) => {
      const ipState = await throttle.hit(`register:${request.ip}`, 3600);
      if (ipState.hits > 20) throw tooMany(ipState.retryAfterSeconds);
      const body = request.body;
      if (await findUserByEmail(db, body.email)) throw fieldError('email', MESSAGES.emailTaken);
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          const id = await createUser(tx, body);
          if (body.real_estate_name) await createRealEstate(tx, { name: body.real_estate_name, ownerId: id });
          return id;
        });
      } catch (err) {
        // Two sign-ups racing for the same e-mail: the unique index decides.
        if (isUniqueViolation(err)) throw fieldError('email', MESSAGES.emailTaken);
        throw err;
      }
      await app.sessions.start(request, reply, userId);
      return reply.status(201).send({ user: await userOr401(userId) });
    },
  );

  r.post(
    '/v1/forgot-password',
    { schema: { tags: ['auth'], summary: 'Pedir link de redefinição de senha', body: forgotPasswordBody, response: { 200: messageResponse } } },
    async (request) => {
      const { email } = request.body;
      // Same answer whether or not the e-mail exists; at most one e-mail a minute per address.
      const perIp = await throttle.hit(`forgot-ip:${request.ip}`, 3600);
      if (perIp.hits > 30) throw tooMany(perIp.retryAfterSeconds);
      const perEmail = await throttle.hit(`forgot:${email}`, 60);
      const user = perEmail.hits === 1 ? await findUserByEmail(db, email) : undefined;
      if (user) {
        const token = randomToken(32);
        const values = { tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS), createdAt: new Date() };
        await db
          .insert(passwordResetTokens)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({ target: passwordResetTokens.userId, set: values });
        const url = `${config.APP_URL}/redefinir-senha?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        const mail = renderEmail({
          appName: 'Vitrine Imóveis',
          heading: 'Redefinição de senha',
          paragraphs: [
            `Olá, ${user.name}.`,
            'Recebemos um pedido para redefinir a senha da sua conta. O link vale por 60 minutos e só pode ser usado uma vez.',
          ],
          action: { label: 'Redefinir senha', url },
          footer: 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
        });
        await mailer.send({ to: user.email, subject: 'Redefinição de senha', ...mail });
      }
      return { message: MESSAGES.resetLinkSent };
    },
  );

  r.post(
    '/v1/reset-password',
    { schema: { tags: ['auth'], summary: 'Redefinir senha', body: resetPasswordBody, response: { 200: messageResponse } } },
    async (request, reply) => {
      const { email, token, password } = request.body;
      const perIp = await throttle.hit(`reset-ip:${request.ip}`, 3600);
      if (perIp.hits > 30) throw tooMany(perIp.retryAfterSeconds);
      const user = await findUserByEmail(db, email);
      const [row] = user
        ? await db
            .select()
            .from(passwordResetTokens)
            .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.expiresAt, new Date())))
        : [];
      if (!user || !row || !safeEqual(row.tokenHash, sha256(token))) throw fieldError('email', MESSAGES.invalidResetToken);
      const passwordHash = await hashPassword(password);
      const used = await db.transaction(async (tx) => {
        // Single use: only the request that deletes the token may change the password.
        const deleted = await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, row.tokenHash)))
          .returning({ userId: passwordResetTokens.userId });
        if (!deleted.length) return false;
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        return true;
      });
      if (!used) throw fieldError('email', MESSAGES.invalidResetToken);
      await app.sessions.destroyAllForUser(user.id);
      if (request.session) await app.sessions.destroy(request, reply);
      return { message: MESSAGES.passwordReset };
    },
  );
}

export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  while (e && typeof e === 'object') {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

