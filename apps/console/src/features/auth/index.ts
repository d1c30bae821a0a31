// Public API of the auth feature: the one feature other features may import (auth is cross-cutting).
export { AuthProvider } from './auth-provider';
export { useAuth, type AuthContextValue } from './auth-context';
export { ProtectedRoute } from './components/protected-route';
