export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  name: string;
  /** JSON text */
  payload: string;
  status: JobStatus;
  key: string | null;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface QueueTables {
  jobs: JobsTable;
}
