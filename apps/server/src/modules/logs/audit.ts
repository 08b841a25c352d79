import type { Executor } from '../../db/client.ts';
import { logs } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';

export type LogType = 'create' | 'update' | 'delete' | 'event';

export interface LogEntry {
  /** Entity type: User, Company, Invoice, Login, Page, ... */
  name: string;
  /** Id of the entity concerned. */
  doc?: string | null;
  /** The table (collection) the entity lives in. */
  model: string;
  type: LogType;
  /** The call's action: save, remove, signIn, signInFailed, signOut, notFound, ... */
  action: string;
  old?: unknown;
  new?: unknown;
  actor?: Pick<Actor, 'id' | 'fullName'> | null;
  ip?: string | null;
}

const SECRET_FIELDS = new Set(['password', 'passwordHash', 'tokenVersion']);

/** Removes secrets from a logged document. */
function scrub(document: unknown): unknown {
  if (document === undefined) return null;
  if (Array.isArray(document)) return document.map(scrub);
  if (document && typeof document === 'object') {
    return Object.fromEntries(
      Object.entries(document)
        .filter(([key]) => !SECRET_FIELDS.has(key))
        .map(([key, value]) => [key, scrub(value)]),
    );
  }
  return document;
}

/**
 * Writes the Log row of a mutation. Call it with the mutation's transaction so both commit or neither does. A log row
 * of a table the receivables summary reads moves its change marker when the transaction commits (a deferred trigger
 * of migration 0028; db/change-marker.ts).
 */
export async function writeLog(executor: Executor, entry: LogEntry): Promise<void> {
  await writeLogs(executor, [entry]);
}

/**
 * Writes the Log rows of many mutations in one statement, in their order, each as writeLog writes it (a billing run's
 * chunk: its documents' and contracts' rows). Call it with the mutations' transaction.
 */
export async function writeLogs(executor: Executor, entries: readonly LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(logs).values(
    entries.map((entry) => ({
      name: entry.name,
      doc: entry.doc ?? null,
      model: entry.model,
      type: entry.type,
      action: entry.action,
      documents: { old: scrub(entry.old), new: scrub(entry.new) },
      createdBy: entry.actor?.id ?? null,
      createdByName: entry.actor?.fullName ?? null,
      ip: entry.ip ?? null,
    })),
  );
}
