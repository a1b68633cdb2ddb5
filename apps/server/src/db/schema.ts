/**
 * The app database's tables as Kysely sees them. Each module declares its tables in its own
 * `*.tables.ts` file and they are combined here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
