/**
 * Password recovery: a single-use link valid for an hour, mailed to the account's address. The token is
 * stored hashed; using it deletes it, and only the request that deleted it changes the password.
 */
import { and, eq, gt } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';
import { mailLabel, renderEmail } from '../mail/index.ts';
import { findUserByEmail, hashPassword } from './users.ts';

const RESET_TTL_MS = 60 * 60 * 1000;

/** Mails a reset link when the e-mail belongs to an account; says nothing either way. */
export async function sendPasswordResetLink(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  email: string,
): Promise<void> {
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const token = randomToken(32);
  const values = {
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
    createdAt: new Date(),
  };
  await deps.db
    .insert(passwordResetTokens)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: values });
  const url = `${deps.config.APP_URL}/redefinir-senha?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  const mail = renderEmail({
    appName: 'Vitrine Imóveis',
    heading: 'Redefinição de senha',
    paragraphs: [
      `Olá, ${mailLabel(user.name, 60) || 'tudo bem'}.`,
      'Recebemos um pedido para redefinir a senha da sua conta. O link vale por 60 minutos e só pode ser usado uma vez.',
    ],
    action: { label: 'Redefinir senha', url },
    footer: 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  });
  await deps.mailer.send({ to: user.email, subject: 'Redefinição de senha', ...mail });
}

/** Sets the new password if the token is the account's live one; the user's id, or null when it is not. */
export async function resetPassword(
  deps: Pick<Deps, 'db'>,
  input: { email: string; token: string; password: string },
): Promise<number | null> {
  const { db } = deps;
  const user = await findUserByEmail(deps, input.email);
  const [row] = user
    ? await db
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.expiresAt, new Date())))
    : [];
  if (!user || !row || !safeEqual(row.tokenHash, sha256(input.token))) return null;
  const passwordHash = await hashPassword(input.password);
  const used = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, row.tokenHash)))
      .returning({ userId: passwordResetTokens.userId });
    if (!deleted.length) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    return true;
  });
  return used ? user.id : null;
}
