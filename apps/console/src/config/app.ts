/**
 * Static console configuration. Support contacts come from GET /v1/public/config at runtime;
 * these are only the fallbacks shown when that call fails.
 */
export const APP_NAME = 'Vitrine Imóveis';
export const FALLBACK_SUPPORT_EMAIL = 'suporte@vitrine.app';
export const FALLBACK_SUPPORT_WHATSAPP = '5511999999999';
