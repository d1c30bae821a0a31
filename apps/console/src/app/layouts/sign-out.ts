/** Navigation state that asks RootLayout to end the session once the destination is on screen. */
export const SIGN_OUT_STATE = { signOut: true } as const;

export function isSignOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
