import type { Executor } from '../../db/client.ts';
import { type LogEntry, type LogType, writeLog } from './audit.ts';

/** What a service's log rows are about: the entity's name (User, Office, ...) and its table. */
export interface LogSubject {
  name: string;
  model: string;
}

/** One change of a subject: the row's id, the call's action, the view before (null: created) and after (null: removed). */
export interface LogChange {
  doc: string | null;
  action: string;
  old: unknown;
  new: unknown;
  actor: LogEntry['actor'];
  /** Only where the change is not told by old/new (an update of something that had no view before). */
  type?: LogType;
}

/**
 * The log row of a save, a removal or another change, written in the mutation's transaction: `create` when there
 * was nothing before, `delete` when nothing is left, else `update` (the services' save → reload → log).
 */
export function logChange(executor: Executor, subject: LogSubject, change: LogChange): Promise<void> {
  const type = change.type ?? (change.old == null ? 'create' : change.new == null ? 'delete' : 'update');
  return writeLog(executor, { ...subject, ...change, type });
}
