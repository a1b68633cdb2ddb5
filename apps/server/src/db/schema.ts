/**
 * The app database's tables as Kysely sees them. Each module declares its tables in its own
 * `*.tables.ts` file and they are combined here.
 */
import type { FoundationTables } from '../modules/auth/auth.tables.ts';
import type { ApiKeysTables } from '../modules/api-keys/api-keys.tables.ts';
import type { DocumentsTables } from '../modules/documents/documents.tables.ts';
import type { QueueTables } from '../modules/queue/queue.tables.ts';
import type { BillingTables } from '../modules/billing/billing.tables.ts';
import type { MailTables } from '../modules/mail/mail.tables.ts';

export interface Database
  extends
    FoundationTables,
    QueueTables,
    DocumentsTables,
    ApiKeysTables,
    MailTables,
    BillingTables {}
