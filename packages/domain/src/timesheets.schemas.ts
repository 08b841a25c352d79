/**
 * Timesheets: the time a staff user spent on a service of a registered contract of a client.
 *
 * API (/api/timesheets). Every JSON answer is the house envelope `{ Type, Message, Result }`. Permissions
 * (permissions.ts): `timesheets` (admin, manager, employee) for list, GET, save; `timesheetsDelete` (admin) for
 * remove; `timesheetsReports` (management) for export and print. Management sees every row, an employee their own;
 * a row the user may not see answers 404 `not_found` exactly like an unknown id.
 *
 * - POST list     body `timesheetListQuery` → `TimesheetListResult` (`ListResult<TimesheetRow>` plus `TotalDuration`,
 *                 the minutes of every matching row). Default sort `created` descending; sortable `created`, `date`.
 *                 `Total` and `TotalDuration` are exact up to 1 000 matching rows (EXACT_COUNT_LIMIT); past that `Estimated: true` and
 *                 both are the database's estimate (the web shows "≈").
 * - GET  {id}     → `TimesheetView`.
 * - POST save     an ARRAY of `timesheetItemSchema` (create; 1–50 rows, all saved in one transaction or none) →
 *                 `TimesheetView[]`; or ONE object (with `_id`: update; without: create one) → `TimesheetView`.
 *                 Message `saved_successfully`. A refused row answers 400 with `Errors` per field of that row:
 *                 `<index>.<field>` for an array (`0.date`, `2.service`), `<field>` for one object. Rules:
 *                 the client is one the user sees (`the_client_was_not_found` on `client`); the contract is that
 *                 client's (`invalid_value` on `contract`) and registered, not expired, not canceled
 *                 (`timesheet_contract_not_active` on `contract`; a saved row keeps the contract and service it has); the
 *                 service is one of the contract's (`timesheet_service_not_in_contract` on `service`); the date is
 *                 not after today in Europe/Sofia (`date_in_future` on `date`) and within the contract's from and
 *                 to dates (`timesheet_date_outside_contract` on `date`); the duration is 1–1440 whole minutes
 *                 (`timesheet_duration_range`). An update of a locked row (`locked`: not admin, and created
 *                 TIMESHEET_LOCK_DAYS or more ago) answers 409 `timesheet_locked`. A non-admin's new row, or change
 *                 of a row, dated (before or after the change) in the period of an issued document of that contract
 *                 that prints the timesheet annex answers 409 `timesheet_period_invoiced` (admin is never locked).
 * - POST remove   `{ timesheetId }` → `true`, Message `deleted_successfully`. Admin only (403 otherwise).
 * - POST export   body `timesheetExportQuery` (the list's filters and sort, no paging) → an XLSX attachment of every
 *                 matching row (user, client, contract, service, date, duration h:mm, minutes, comment) with the
 *                 totals at the end, in the user's language. Needs at least one filter: otherwise 400
 *                 `to_do_export_please_first_select_filters`. Management only.
 * - POST print    the same body → a PDF (inline) of the matching rows grouped by client and contract with subtotals
 *                 and the total, in the user's language. At most TIMESHEET_PRINT_MAX_ROWS rows (400
 *                 `timesheets_print_too_many_rows`: narrow the filter). Management only.
 */
import { z } from 'zod';
import { MessageKeys as M } from './messages.ts';
import { type ListResult, LOCALES } from './api.ts';
import {
  alwaysCheck,
  businessDate,
  filterDate,
  filterId,
  idSchema,
  listQuery,
  optionalString,
  selectId,
  type LocalizedText,
} from './schemas.ts';
import { FILTER_ALIASES, foldAliases } from './filter-aliases.ts';

/** The longest row: one whole day, in minutes. */
export const TIMESHEET_MAX_MINUTES = 1440;
/** A working day when durations show as days, hours and minutes (8 hours). */
export const WORKDAY_MINUTES = 480;
/** Rows of one multi-row save. */
export const TIMESHEET_SAVE_MAX_ROWS = 50;
/** Rows of one print (the PDF is built in memory; the export streams any number). */
export const TIMESHEET_PRINT_MAX_ROWS = 5000;

export const TIMESHEET_SORT_COLUMNS = ['created', 'date'] as const;

/** A duration split into working days of 8 hours, hours and minutes (never negative). */
export function splitWorkDuration(totalMinutes: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(0, Math.round(totalMinutes));
  return {
    days: Math.floor(minutes / WORKDAY_MINUTES),
    hours: Math.floor((minutes % WORKDAY_MINUTES) / 60),
    minutes: minutes % 60,
  };
}

/** A duration as hours and minutes (`hours` may pass 24). */
export function splitHoursMinutes(totalMinutes: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** `7:05`, `125:30`: hours and two-digit minutes. */
export function formatHoursMinutes(totalMinutes: number): string {
  const { hours, minutes } = splitHoursMinutes(totalMinutes);
  return `${hours}:${String(minutes).padStart(2, '0')}`;
}

const many = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** The list's filters (also the export's and the print's). Blank, null or missing is no filter. */
const filterFields = {
  /** The client (aliases `clientId`, `company`, `customerId`). */
  client: filterId,
  clientId: filterId,
  company: filterId,
  customerId: filterId,
  /** The user who recorded the row (aliases `employee`, `userId`); an employee sees only their own rows anyway. */
  user: filterId,
  employee: filterId,
  userId: filterId,
  /** Services (Settings › Services ids); one id or a list. */
  services: z.preprocess(many, z.array(idSchema).max(100, M.invalid_value).optional()).optional(),
  /** One contract (the contract page's tab; alias `contractId`). */
  contract: filterId,
  contractId: filterId,
  /** The row's date, both included. */
  fromDate: filterDate,
  toDate: filterDate,
};

type RawFilter = { [K in keyof typeof filterFields]?: z.output<(typeof filterFields)[K]> };

function checkRange(value: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx) {
  if (value.fromDate && value.toDate && value.toDate < value.fromDate)
    ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
}

/** The filters, aliases folded. */
export interface TimesheetFilter {
  client?: string;
  user?: string;
  services?: string[];
  contract?: string;
  fromDate?: string;
  toDate?: string;
}

/** The aliases folded into one name each (FILTER_ALIASES.timesheets), the services without repeats. */
function normalized<T extends RawFilter>(value: T): Omit<T, keyof RawFilter> & TimesheetFilter {
  const { client, user, contract, services, fromDate, toDate, ...rest } = foldAliases(value, FILTER_ALIASES.timesheets);
  return {
    ...(rest as Omit<T, keyof RawFilter>),
    client,
    user,
    contract,
    services: services && services.length > 0 ? [...new Set(services)] : undefined,
    fromDate,
    toDate,
  };
}

/** True when at least one filter is set (the export needs one); blank and null are not set. */
export function hasTimesheetFilter(filter: { [K in keyof TimesheetFilter]?: TimesheetFilter[K] | null }): boolean {
  return Boolean(
    filter.client || filter.user || filter.services?.length || filter.contract || filter.fromDate || filter.toDate,
  );
}

/** POST /api/timesheets/list. */
export const timesheetListQuery = listQuery
  .extend(filterFields)
  .superRefine(checkRange, alwaysCheck)
  .transform((value) => normalized(value));
export type TimesheetListInput = z.input<typeof timesheetListQuery>;
export type TimesheetListQuery = z.output<typeof timesheetListQuery>;

/**
 * POST /api/timesheets/export and print: the list's filters and sort, no paging, and `lang`: the language of the file
 * (the web sends the one on screen; without it, the user's stored language).
 */
export const timesheetExportQuery = listQuery
  .omit({ page: true, itemsPerPage: true })
  .extend({ ...filterFields, lang: z.enum(LOCALES, { error: M.invalid_value }).optional() })
  .superRefine(checkRange, alwaysCheck)
  .transform((value) => normalized(value));
export type TimesheetExportInput = z.input<typeof timesheetExportQuery>;
export type TimesheetExportQuery = z.output<typeof timesheetExportQuery>;

/** The filter form's fields as the web sends them (blank means no filter). */
export interface TimesheetFilterInput {
  client?: string | null;
  user?: string | null;
  services?: string[] | null;
  contract?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
}

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Minutes, 1 to 1440, whole. */
export const timesheetDuration = z
  .number({ error: M.field_is_required })
  .int(M.timesheet_duration_range)
  .min(1, M.timesheet_duration_range)
  .max(TIMESHEET_MAX_MINUTES, M.timesheet_duration_range);

/**
 * The rule of a row's date, one key or null: not after today (`date_in_future`), and within its contract's from and
 * to dates (`timesheet_date_outside_contract`; a contract not known yet, or without dates, is not checked).
 */
export function timesheetDateError(
  date: string,
  today: string,
  contract?: { fromDate?: string | null; toDate?: string | null } | null,
): string | null {
  if (date > today) return M.date_in_future;
  if (contract?.fromDate && date < contract.fromDate) return M.timesheet_date_outside_contract;
  if (contract?.toDate && date > contract.toDate) return M.timesheet_date_outside_contract;
  return null;
}

/**
 * One row of POST /api/timesheets/save. Required: client, contract, service, date, duration (minutes). The date
 * is checked against today (Europe/Sofia) and the contract's dates by the server (timesheetDateError).
 */
export const timesheetItemSchema = z.object({
  _id: z.preprocess(blankToUndefined, idSchema.optional()).optional(),
  client: selectId,
  contract: selectId,
  service: selectId,
  date: businessDate,
  duration: timesheetDuration,
  comment: optionalString(2000),
});
export type TimesheetItemInput = z.input<typeof timesheetItemSchema>;
export type TimesheetItemValues = z.output<typeof timesheetItemSchema>;

/** The multi-row create: 1–50 rows. */
export const timesheetRowsSchema = z
  .array(timesheetItemSchema, { error: M.field_is_required })
  .min(1, M.field_is_required)
  .max(TIMESHEET_SAVE_MAX_ROWS, M.too_many_items);

/**
 * POST /api/timesheets/save: an array (create, all or none) or one object (update with `_id`, or create one).
 * Errors of an array's rows are reported as `<index>.<field>`.
 */
export const timesheetSaveSchema = z
  .unknown()
  .transform((value, ctx): { many: boolean; items: TimesheetItemValues[] } => {
    const isArray = Array.isArray(value);
    const parsed = isArray ? timesheetRowsSchema.safeParse(value) : timesheetItemSchema.safeParse(value ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        });
      return z.NEVER;
    }
    return isArray
      ? { many: true, items: parsed.data as TimesheetItemValues[] }
      : { many: false, items: [parsed.data as TimesheetItemValues] };
  });
export type TimesheetSaveInput = TimesheetItemInput | TimesheetItemInput[];

/** POST /api/timesheets/remove. */
export const timesheetRemoveSchema = z.object({ timesheetId: selectId });

/** What the user may do with a row now (the server decides the same way on every call). */
export interface TimesheetRights {
  /** Not admin, and created TIMESHEET_LOCK_DAYS or more ago: Save is hidden, a save answers 409. */
  locked: boolean;
  /** Save is shown. */
  canEdit: boolean;
  /** Delete is shown (admin). */
  canDelete: boolean;
}

/** A row of the list (and of the client's and contract's tabs). */
export interface TimesheetRow extends TimesheetRights {
  _id: string;
  /** The user who recorded it. */
  user: string;
  userName: LocalizedText | null;
  client: string;
  clientName: LocalizedText | null;
  contract: string;
  contractName: LocalizedText | null;
  /** The service's id (Settings › Services). */
  service: string;
  serviceName: LocalizedText | null;
  serviceCode: string | null;
  /** YYYY-MM-DD. */
  date: string;
  /** Minutes. */
  duration: number;
  comment: string;
  /** ISO 8601 UTC. */
  created: string;
}

/** GET /api/timesheets/{id} and the answer of save. */
export interface TimesheetView extends TimesheetRow {
  /** The contract's period (YYYY-MM-DD). */
  contractFromDate: string | null;
  contractToDate: string | null;
  updated: string | null;
  /** The server's time of the answer (ISO 8601 UTC), `currentTime`. */
  currentTime: string;
  /** The lock window in days (TIMESHEET_LOCK_DAYS). */
  lockDays: number;
}

/** POST /api/timesheets/list. */
export interface TimesheetListResult extends ListResult<TimesheetRow> {
  /** Minutes of every row the filter matches (an estimate when `Estimated`). */
  TotalDuration: number;
}
