// Names of the session cookies: set by the REST server (server/services/accounts/session.ts), read by its
// session plugin and by the collaboration server when a socket opens (collab/identity.ts).
export const SESSION_COOKIE = 'session-id';
export const ADMIN_SESSION_COOKIE = 'admin-session-id';
