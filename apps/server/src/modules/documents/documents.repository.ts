import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DocumentsTable } from './documents.tables.ts';

export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocumentRow = Insertable<DocumentsTable>;
export type DocumentPatch = Updateable<DocumentsTable>;

/** The file columns a document can point at in the FileStore. */
export const FILE_COLUMNS = [
  'original_file',
  'result_file',
  'preview_before',
  'preview_after',
] as const;

/** All database access for documents. Retained = not deleted. */
export class DocumentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(rows: NewDocumentRow[]): Promise<void> {
    if (rows.length) await this.db.insertInto('documents').values(rows).execute();
  }

  findById(id: string): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The caller's retained document, or undefined (also for someone else's id). */
  findOwned(id: string, userId: string): Promise<DocumentRow | undefined> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  listRetained(userId: string): Promise<DocumentRow[]> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(500)
      .execute();
  }

  async countInFlight(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('status', 'in', ['queued', 'processing'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(id: string, patch: DocumentPatch): Promise<void> {
    await this.db.updateTable('documents').set(patch).where('id', '=', id).execute();
  }

  /**
   * Sets the patch only while the document is retained and still in one of `statuses`;
   * returns whether it applied (guards against a delete racing the worker).
   */
  async updateIf(
    id: string,
    statuses: DocumentRow['status'][],
    patch: DocumentPatch,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('documents')
      .set(patch)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('status', 'in', statuses)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Sets the patch only while the finished, retained, not yet downloaded document still points
   * at these files (compare and set: of two rotations at once, one applies and the other
   * starts again from the newer files).
   */
  async updateIfFiles(
    id: string,
    files: { result_file: string; preview_after: string | null },
    patch: DocumentPatch,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('documents')
      .set(patch)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where('downloaded_at', 'is', null)
      .where('status', '=', 'done')
      .where('result_file', '=', files.result_file)
      .where('preview_after', files.preview_after === null ? 'is' : '=', files.preview_after)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Claims the first complete download of a result: only one caller gets true. */
  async markDownloaded(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('documents')
      .set({ downloaded_at: at, updated_at: at })
      .where('id', '=', id)
      .where('downloaded_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Finished documents past their retention time that still exist. */
  listExpired(now: string, limit: number): Promise<DocumentRow[]> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('expires_at', '<=', now)
      .where('status', 'in', ['done', 'failed'])
      .limit(limit)
      .execute();
  }

  /** Which of these stored keys some document still points at. */
  async referencedKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('documents')
      .select([...FILE_COLUMNS])
      .where((eb) => eb.or(FILE_COLUMNS.map((c) => eb(c, 'in', keys))))
      .execute();
    const found = new Set<string>();
    for (const row of rows) for (const c of FILE_COLUMNS) if (row[c]) found.add(row[c]);
    return found;
  }

  listUnfinished(): Promise<DocumentRow[]> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('status', 'in', ['queued', 'processing'])
      .execute();
  }

  /** Rows whose files should be gone but a crash left a reference: finished with an original, or deleted with any file. */
  listWithStaleFiles(limit: number): Promise<DocumentRow[]> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('status', 'in', ['done', 'failed']), eb('original_file', 'is not', null)]),
          eb.and([
            eb('deleted_at', 'is not', null),
            eb.or(FILE_COLUMNS.map((c) => eb(c, 'is not', null))),
          ]),
        ]),
      )
      .limit(limit)
      .execute();
  }
}
