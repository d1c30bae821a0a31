// Public API of the auth feature (CONTRIBUTING.md, "Module boundaries"): the session every screen reads.
export { AuthProvider } from './auth-provider';
// AuthContext itself is for tests (src/test/render.tsx provides a session without the server).
export { AuthContext, useAuth, type AuthContextValue } from './auth-context';
export { ProtectedRoute } from './components/protected-route';
// The invitation behind a sign-up link, also read by the users feature's acceptance screen.
export { lookupInvitation } from './api/lookup-invitation';
