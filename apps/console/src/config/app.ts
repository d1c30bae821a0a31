/**
 * Static console configuration. Support contacts come from GET /v1/public/config at runtime;
 * these are only the fallbacks shown when that call fails.
 */
export const APP_NAME = 'Vitrine Imóveis';
export const FALLBACK_SUPPORT_EMAIL = 'suporte@vitrine.local';
/** No number is invented: without the server's, the widget offers only the e-mail. */
export const FALLBACK_SUPPORT_WHATSAPP: string | null = null;
