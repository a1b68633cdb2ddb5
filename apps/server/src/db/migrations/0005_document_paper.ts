import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The paper size the user named for a document (auto, a4, letter, legal). Documents uploaded
 * before it existed read as 'auto', which is what the engine did for them.
 */
const documentPaper0005 = (_dialect: Dialect): Migration => ({
  async up(db) {
    await db.schema
      .alterTable('documents')
      .addColumn('paper', 'text', (c) => c.notNull().defaultTo('auto'))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('documents').dropColumn('paper').execute();
  },
});
export default documentPaper0005;
