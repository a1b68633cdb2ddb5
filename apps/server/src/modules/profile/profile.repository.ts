import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { dbBool } from '../../db/values.ts';
import type { ProfilesTable } from '../auth/auth.tables.ts';
import type { NewProfile, Profile } from './profile.types.ts';

export interface ProfileRepository {
  /** Inserts the profile unless one exists for the id (idempotent). */
  create(profile: NewProfile, now: string): Promise<void>;
  findById(id: string): Promise<Profile | null>;
  findByEmail(email: string): Promise<Profile | null>;
  /** The profile's locale ('en' | 'es' | 'de'); null when there is no profile. */
  localeOf(id: string): Promise<string | null>;
  /** Updates full_name here and the Better Auth user's name, so the session shows it too. */
  updateFullName(id: string, fullName: string, now: string): Promise<Profile | null>;
  /** Copies name/picture changed through Better Auth into the profile. */
  syncFromAuthUser(
    id: string,
    fields: { full_name: string; avatar_url: string | null },
    now: string,
  ): Promise<void>;
  setPremium(id: string, isPremium: boolean, now: string): Promise<Profile | null>;
  setAdmin(id: string, isAdmin: boolean, now: string): Promise<Profile | null>;
  /** Newest first; `q` is a case-insensitive substring of the email. */
  list(options: {
    q?: string;
    page: number;
    pageSize: number;
  }): Promise<{ items: Profile[]; total: number }>;
  listAdmins(): Promise<Profile[]>;
}

export function createProfileRepository(db: Kysely<Database>, dialect: Dialect): ProfileRepository {
  const toProfile = (row: Selectable<ProfilesTable>): Profile => ({
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    avatar_url: row.avatar_url,
    is_admin: Boolean(row.is_admin),
    is_premium: Boolean(row.is_premium),
    created_at: row.created_at,
    updated_at: row.updated_at,
  });
  const findById = async (id: string) => {
    const row = await db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toProfile(row) : null;
  };
  const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

  return {
    async create(profile, now) {
      await db
        .insertInto('profiles')
        .values({
          id: profile.id,
          email: profile.email,
          full_name: profile.full_name,
          avatar_url: profile.avatar_url,
          is_admin: dbBool(dialect, profile.is_admin),
          is_premium: dbBool(dialect, false),
          locale: profile.locale,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    findById,
    async findByEmail(email) {
      const row = await db
        .selectFrom('profiles')
        .selectAll()
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row ? toProfile(row) : null;
    },
    async localeOf(id) {
      const row = await db
        .selectFrom('profiles')
        .select('locale')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.locale ?? null;
    },
    async updateFullName(id, fullName, now) {
      await db
        .updateTable('profiles')
        .set({ full_name: fullName, updated_at: now })
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('user')
        .set({ name: fullName, updatedAt: dialect === 'postgres' ? new Date(now) : now })
        .where('id', '=', id)
        .execute();
      return findById(id);
    },
    async syncFromAuthUser(id, fields, now) {
      await db
        .updateTable('profiles')
        .set({ full_name: fields.full_name, avatar_url: fields.avatar_url, updated_at: now })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('full_name', '!=', fields.full_name),
            fields.avatar_url === null
              ? eb('avatar_url', 'is not', null)
              : eb.or([eb('avatar_url', 'is', null), eb('avatar_url', '!=', fields.avatar_url)]),
          ]),
        )
        .execute();
    },
    async setPremium(id, isPremium, now) {
      await db
        .updateTable('profiles')
        .set({ is_premium: dbBool(dialect, isPremium), updated_at: now })
        .where('id', '=', id)
        .execute();
      return findById(id);
    },
    async setAdmin(id, isAdmin, now) {
      await db
        .updateTable('profiles')
        .set({ is_admin: dbBool(dialect, isAdmin), updated_at: now })
        .where('id', '=', id)
        .execute();
      return findById(id);
    },
    async list({ q, page, pageSize }) {
      let query = db.selectFrom('profiles');
      const needle = q?.trim().toLowerCase();
      if (needle) {
        const pattern = `%${escapeLike(needle)}%`;
        query = query.where(sql<boolean>`email like ${pattern} escape '\\'`);
      }
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      ]);
      return { items: rows.map(toProfile), total: Number(count?.n ?? 0) };
    },
    async listAdmins() {
      const rows = await db
        .selectFrom('profiles')
        .selectAll()
        .where('is_admin', '=', dbBool(dialect, true))
        .orderBy('email')
        .execute();
      return rows.map(toProfile);
    },
  };
}
