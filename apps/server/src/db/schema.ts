/**
 * The app database's tables as Kysely sees them. Each module declares its tables in its own
 * `*.tables.ts` file and they are combined here.
 */
import type { ApiKeysTables } from '../modules/api-keys/api-keys.tables.ts';
import type { DocumentsTables } from '../modules/documents/documents.tables.ts';
import type { QueueTables } from '../modules/queue/queue.tables.ts';
import type { MailTables } from '../modules/mail/mail.tables.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends QueueTables, DocumentsTables, ApiKeysTables, MailTables {}
