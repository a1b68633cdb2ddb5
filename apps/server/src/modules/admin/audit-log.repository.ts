import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AuditEntry {
  id: number;
  actor_id: string | null;
  action: string;
  target_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export interface AuditLogRepository {
  record(entry: Omit<AuditEntry, 'id'>): Promise<void>;
  /** Newest first, optionally for one target. */
  list(options: { targetId?: string; limit: number }): Promise<AuditEntry[]>;
}

export function createAuditLogRepository(db: Kysely<Database>): AuditLogRepository {
  return {
    async record(entry) {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: entry.actor_id,
          action: entry.action,
          target_id: entry.target_id,
          details: JSON.stringify(entry.details),
          created_at: entry.created_at,
        })
        .execute();
    },
    async list({ targetId, limit }) {
      let query = db.selectFrom('audit_log').selectAll();
      if (targetId) query = query.where('target_id', '=', targetId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: Number(row.id),
        actor_id: row.actor_id,
        action: row.action,
        target_id: row.target_id,
        details: JSON.parse(row.details) as Record<string, unknown>,
        created_at: row.created_at,
      }));
    },
  };
}
