/** Every localStorage key the web app writes, in one place. */
export const STORAGE_KEYS = {
  token: 'junkan.token',
  tokenIssuedAt: 'junkan.tokenIssuedAt',
  lastActivity: 'junkan.lastActivity',
  adminToken: 'junkan.adminToken',
  adminTokenIssuedAt: 'junkan.adminTokenIssuedAt',
  lang: 'junkan.lang',
} as const;

/** Keys cleared on log out, session expiry and 401. The language choice survives. */
export const SESSION_STORAGE_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.tokenIssuedAt,
  STORAGE_KEYS.lastActivity,
  STORAGE_KEYS.adminToken,
  STORAGE_KEYS.adminTokenIssuedAt,
] as const;
