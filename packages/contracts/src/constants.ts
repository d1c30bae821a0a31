/** Business constants (docs/product.md#constants), shared by the console and the server. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const LEADS_DEFAULT_PAGE = 1;
export const LEADS_DEFAULT_PER_PAGE = 25;
export const USERS_DEFAULT_PER_PAGE = 10;
export const ANALYTICS_DEFAULT_PAGE = 1;
export const INTEGRATION_AUTOSAVE_DELAY_MS = 1_500;
/** The agency's time zone: every date and time the console shows, and the server's day filters. */
export const AGENCY_TIME_ZONE = 'America/Sao_Paulo';
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** Browser storage keys (docs/product.md#session): the signed-in user and the selected real estate id. */
export const STORAGE_USER_KEY = 'vitrine.user';
export const STORAGE_SELECTED_REAL_ESTATE_KEY = 'vitrine.selected_real_estate_id';
/**
 * What the console hands the sign-in form (the server's /entrar and /login) when it sends someone there:
 * in sessionStorage, read once by the form's script, so the address stays /entrar or /login.
 */
export const STORAGE_LOGIN_HANDOVER_KEY = 'vitrine.login_handover';
export interface LoginHandover {
  /** Where to go once signed in: a path of this site (the protected page the person asked for). */
  next?: string;
  /** The server ended the session: the form says so. */
  expired?: boolean;
  /** The e-mail to fill in (after a password reset). */
  email?: string;
}

export const ROLES = ['owner', 'admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Proprietário',
  admin: 'Administrador',
  agent: 'Corretor',
};
