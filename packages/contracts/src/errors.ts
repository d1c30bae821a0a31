// No zod here: the console's first screen reads MESSAGES through '@vitrine/contracts/errors', and an
// import of zod in this file put the whole validator (27 KB gzip) in its first load. The error body's
// schema is in api-error.ts.

export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  notFound: 'Registro não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  payloadTooLarge: 'O conteúdo enviado é grande demais.',
  invalidMultipart: 'O formulário enviado (multipart) é inválido.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  serverError: 'Erro interno do servidor. Tente novamente em instantes.',
  invalidCredentials: 'E-mail ou senha incorretos.',
  sessionExpired: 'Sua sessão expirou. Entre novamente.',
  loginMissingUser: 'Resposta da API de login não contém o objeto do usuário.',
  refreshMissingUser: 'Resposta da API de usuário não contém o objeto do usuário.',
  resetLinkSent: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
  passwordReset: 'Senha redefinida com sucesso.',
  invalidResetToken: 'Este link de redefinição de senha é inválido ou expirou.',
  emailTaken: 'Este e-mail já está cadastrado.',
} as const;

export const throttleMessage = (seconds: number) =>
  `Muitas tentativas. Tente novamente em ${seconds} segundo${seconds === 1 ? '' : 's'}.`;
