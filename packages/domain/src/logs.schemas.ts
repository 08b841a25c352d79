import type { z } from 'zod';
import { filterDate, filterId, filterText, listQuery } from './schemas.ts';
import type { LocalizedText } from './schemas.ts';

/** Entity types written to the log (Log.name), for the logs filter. */
export const LOG_ENTITY_NAMES = [
  'Bank',
  'Company',
  'Contract',
  'ContractService',
  'Currency',
  'Document',
  'DocumentFlow',
  'DocumentFlowCategory',
  'DocumentType',
  'Event',
  'EventInvitation',
  'EventCategory',
  'File',
  'Invoice',
  'InvoiceItem',
  'InvoicePayment',
  'InvoiceSettings',
  'Login',
  'Mail',
  'MyCompany',
  'Office',
  'Page',
  'PaymentType',
  'ProformaInvoice',
  'RegisterNumbers',
  'Service',
  'Timesheet',
  'User',
  'UserEducation',
  'UserExperience',
  'VATType',
] as const;

/**
 * Logs filter: action, model (the entity type, Log.name; `name` is accepted too), employee (who did it),
 * and a range of days on the creation time (Europe/Sofia days, both ends included).
 */
export const logListQuery = listQuery.extend({
  action: filterText(100),
  model: filterText(100),
  name: filterText(100),
  employee: filterId,
  fromDate: filterDate,
  toDate: filterDate,
});
export type LogListQuery = z.infer<typeof logListQuery>;

/** A row of the log (POST /api/logs/list, GET /api/logs/{id}). */
export interface LogEntry {
  _id: string;
  /** The entity type (Bank, User, ...). */
  name: string;
  doc: string | null;
  model: string | null;
  type: string | null;
  action: string;
  documents?: { old?: unknown; new?: unknown } | null;
  createdBy: string | null;
  createdByName: LocalizedText | null;
  ip: string | null;
  created: string | null;
}
