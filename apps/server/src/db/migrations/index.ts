import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import foundation0001 from './0001_foundation.ts';
import documents0002 from './0002_documents.ts';
import billing0003 from './0003_billing.ts';
import mailContact0004 from './0004_mail_contact.ts';
import documentPaper0005 from './0005_document_paper.ts';

/**
 * Every migration, in order. Names sort lexicographically; each module owns its own files
 * (0001 foundation/auth, 0002 documents, 0003 billing, 0004 contact & mail, 0005 documents'
 * paper size, ...).
 * A migration is a function of the dialect so SQLite and PostgreSQL get the right column types.
 */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001_foundation': foundation0001,
  '0002_documents': documents0002,
  '0003_billing': billing0003,
  '0004_mail_contact': mailContact0004,
  '0005_document_paper': documentPaper0005,
};
