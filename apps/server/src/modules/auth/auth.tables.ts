import type { Generated } from 'kysely';

/**
 * Better Auth's own tables (default model names, camelCase columns), created by migration 0001
 * with the column types Better Auth's schema generator picks for each dialect: dates are
 * `timestamptz` in PostgreSQL and ISO-8601 text in SQLite; booleans are boolean / integer 0-1.
 * Only Better Auth writes them; we read `user` and `session` for admin listings and tests.
 */
export interface AuthTables {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean | number;
    image: string | null;
    createdAt: Date | string;
    updatedAt: Date | string;
  };
  session: {
    id: string;
    expiresAt: Date | string;
    token: string;
    createdAt: Date | string;
    updatedAt: Date | string;
    ipAddress: string | null;
    userAgent: string | null;
    userId: string;
  };
  account: {
    id: string;
    accountId: string;
    providerId: string;
    userId: string;
    accessToken: string | null;
    refreshToken: string | null;
    idToken: string | null;
    accessTokenExpiresAt: Date | string | null;
    refreshTokenExpiresAt: Date | string | null;
    scope: string | null;
    password: string | null;
    createdAt: Date | string;
    updatedAt: Date | string;
  };
  verification: {
    id: string;
    identifier: string;
    value: string;
    expiresAt: Date | string;
    createdAt: Date | string;
    updatedAt: Date | string;
  };
  rateLimit: {
    id: string;
    key: string;
    count: number;
    lastRequest: number | string;
  };
}

/** Our own per-user row, id = Better Auth user id. Timestamps ISO-8601 UTC text in both dialects. */
export interface ProfilesTable {
  id: string;
  email: string;
  full_name: string;
  avatar_url: string | null;
  /** boolean in PostgreSQL, 0/1 in SQLite: read with `Boolean()`, write with `dbBool()`. */
  is_admin: boolean | number;
  is_premium: boolean | number;
  locale: string;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  target_id: string | null;
  /** JSON text. */
  details: string;
  created_at: string;
}

export interface FoundationTables extends AuthTables {
  profiles: ProfilesTable;
  audit_log: AuditLogTable;
}
