import { z } from 'zod';
import { ROLES } from './constants.ts';
import { emailField } from './validators.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { noContent } from './params.ts';

export const passwordField = z
  .string({ error: 'Informe a senha.' })
  .min(8, 'A senha deve ter pelo menos 8 caracteres.')
  .max(200, 'A senha deve ter no máximo 200 caracteres.');

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: 'Informe a senha.' })
    .min(1, 'Informe a senha.')
    .max(200, 'A senha deve ter no máximo 200 caracteres.'),
  remember: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBody>;

const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({
      ...shape,
      password: passwordField,
      password_confirmation: z.string({ error: 'Confirme a senha.' }).max(200),
    })
    .refine(
      (v) =>
        (v as { password: string }).password ===
        (v as { password_confirmation: string }).password_confirmation,
      {
        path: ['password_confirmation'],
        message: 'A confirmação da senha não confere.',
      },
    );

export const registerBody = withConfirmation({
  name: z
    .string({ error: 'Informe o nome.' })
    .trim()
    .min(2, 'O nome deve ter pelo menos 2 caracteres.')
    .max(120, 'O nome deve ter no máximo 120 caracteres.'),
  email: emailField,
  real_estate_name: z
    .string({ error: 'O nome da imobiliária deve ser um texto.' })
    .trim()
    .max(120, 'O nome da imobiliária deve ter no máximo 120 caracteres.')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The invitation link's token (docs/product.md#team): the new account joins that agency on sign-up. */
  invitation_token: z
    .string({ error: 'O token do convite deve ser um texto.' })
    .max(200, 'O token do convite é inválido.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RegisterBody = z.input<typeof registerBody>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = withConfirmation({
  token: z.string({ error: 'O token é obrigatório.' }).min(1, 'O token é obrigatório.').max(200),
  email: emailField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const realEstateSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  role: z.enum(ROLES),
});
export type RealEstateSummary = z.infer<typeof realEstateSummary>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  real_estates: z.array(realEstateSummary),
});
export type User = z.infer<typeof userSchema>;

export const userResponse = z.object({ user: userSchema });

/** A confirmation the console shows as it is (password recovery). */
export const messageResponse = z.object({ message: z.string() });

export const authEndpoints = {
  getCsrfCookie: {
    tags: ['auth'],
    summary: 'Cookie XSRF-TOKEN (e a sessão anônima) antes das chamadas que mudam estado',
    status: 204,
    response: noContent,
    hide: true,
  },
  login: { tags: ['auth'], summary: 'Entrar', body: loginBody, response: userResponse },
  logout: { tags: ['auth'], summary: 'Sair', status: 204, response: noContent },
  getMe: { tags: ['auth'], summary: 'Usuário atual', response: userResponse },
  register: { tags: ['auth'], summary: 'Cadastro', body: registerBody, status: 201, response: userResponse },
  forgotPassword: {
    tags: ['auth'],
    summary: 'Pedir link de redefinição de senha',
    body: forgotPasswordBody,
    response: messageResponse,
  },
  resetPassword: {
    tags: ['auth'],
    summary: 'Redefinir senha',
    body: resetPasswordBody,
    response: messageResponse,
  },
} as const satisfies EndpointSchemas;
