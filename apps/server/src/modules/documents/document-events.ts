import { EventEmitter } from 'node:events';
import type { DocumentRow } from './documents.repository.ts';

/**
 * In-process change notifications for documents (SSE and the waiting compat endpoint). Other
 * processes' changes are picked up by the listeners' slow database poll.
 */
export class DocumentEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit(row: DocumentRow): void {
    this.emitter.emit(row.id, row);
  }

  /** Calls `listener` on every change of the document; returns the unsubscribe function. */
  subscribe(id: string, listener: (row: DocumentRow) => void): () => void {
    this.emitter.on(id, listener);
    return () => this.emitter.off(id, listener);
  }
}
