/** The auth module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: auth.routes.ts. */
export { createUser, findMembershipRole, findSessionUser, getUserView } from './users.ts';
export { listUserAgencyIds } from './users.ts';
export {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSession,
  touchSession,
  type SessionState,
} from './sessions.ts';
export { sessionSweepJob } from './jobs/session-sweep.job.ts';
