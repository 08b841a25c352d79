import {
  alwaysCheck,
  businessDate,
  type ContractOption,
  type LocalizedText,
  MessageKeys as M,
  optionalString,
  selectId,
  timesheetDateError,
  timesheetDuration,
  type TimesheetView,
  type ClientOption,
} from '@kantora/domain';
import { z } from 'zod';
import { localized } from '../../lib/labels.ts';
import { sofiaDate } from '../../lib/sofia-time.ts';

/** A service of a row, as the services picker gives it. */
export interface ServiceChoice {
  _id: string;
  code: string;
  name: LocalizedText;
}

/** `S1 · Счетоводно обслужване`. */
export const serviceLabel = (service: Pick<ServiceChoice, 'code' | 'name'>, locale: string) =>
  [service.code, localized(service.name, locale)].filter(Boolean).join(' · ');

/** One row of the timesheet form: the picks as objects (their names show), the duration as hours and minutes. */
export interface TimesheetRowValues {
  _id?: string;
  client: ClientOption | null;
  contract: ContractOption | null;
  service: ServiceChoice | null;
  date: string | null;
  hours: number | null;
  minutes: number | null;
  comment: string;
}

export interface TimesheetFormValues {
  rows: TimesheetRowValues[];
}

/** What a new row starts with: the page's client and contract, today (Sofia), no duration. */
export function emptyRow(
  prefill: Partial<Pick<TimesheetRowValues, 'client' | 'contract' | 'date'>> = {},
): TimesheetRowValues {
  return {
    client: prefill.client ?? null,
    contract: prefill.contract ?? null,
    service: null,
    date: prefill.date ?? sofiaDate(),
    hours: null,
    minutes: null,
    comment: '',
  };
}

/** The next row of a multi-row entry keeps the previous row's client, contract and date. */
export function nextRow(previous: TimesheetRowValues | undefined): TimesheetRowValues {
  return emptyRow(previous ? { client: previous.client, contract: previous.contract, date: previous.date } : {});
}

/** A saved row as the form shows it. */
export function rowOfView(view: TimesheetView): TimesheetRowValues {
  const empty = { bg: '', it: '' };
  return {
    _id: view._id,
    client: { _id: view.client, name: view.clientName ?? empty },
    contract: {
      _id: view.contract,
      name: view.contractName ?? empty,
      customerId: view.client,
      companyName: view.clientName,
      fromDate: view.contractFromDate ?? '',
      toDate: view.contractToDate ?? '',
      status: 1,
      currency: '',
      currencyCode: null,
    },
    service: { _id: view.service, code: view.serviceCode ?? '', name: view.serviceName ?? empty },
    date: view.date,
    hours: Math.floor(view.duration / 60),
    minutes: view.duration % 60,
    comment: view.comment,
  };
}

const idOf = (value: unknown) => (value && typeof value === 'object' ? (value as { _id: string })._id : (value ?? ''));
const wholeOrEmpty = (max: number) =>
  z.number().int(M.invalid_value).min(0, M.invalid_value).max(max, M.invalid_value).nullable();

/** Minutes of a row's hours and minutes (null when neither is given). */
export function durationOf(row: Pick<TimesheetRowValues, 'hours' | 'minutes'>): number | null {
  const { hours, minutes } = row;
  if ((hours === null || hours === undefined) && (minutes === null || minutes === undefined)) return null;
  return (Number.isFinite(hours) ? (hours as number) : 0) * 60 + (Number.isFinite(minutes) ? (minutes as number) : 0);
}

/** The chosen contract's from and to dates, kept beside the row while it is checked (the contract becomes its id). */
function withContractDates(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const contract = (value as { contract?: unknown }).contract;
  const dates =
    contract && typeof contract === 'object'
      ? { fromDate: (contract as ContractOption).fromDate || null, toDate: (contract as ContractOption).toDate || null }
      : null;
  return { ...value, contractDates: dates };
}

/**
 * One row: the domain's rules of a timesheet (client, contract, service, a date not after today in Europe/Sofia and
 * within the contract's dates, 1–1440 minutes) on the form's values; the duration's error goes to `duration` (under
 * hours and minutes).
 */
const rowSchema = z.preprocess(
  withContractDates,
  z
    .object({
      _id: z.string().optional(),
      client: z.preprocess(idOf, selectId),
      contract: z.preprocess(idOf, selectId),
      contractDates: z.object({ fromDate: z.string().nullable(), toDate: z.string().nullable() }).nullable().optional(),
      service: z.preprocess(idOf, selectId),
      date: z.preprocess((value) => value ?? undefined, businessDate),
      hours: wholeOrEmpty(24),
      minutes: wholeOrEmpty(59),
      comment: optionalString(2000),
    })
    .superRefine((row, ctx) => {
      const values = row as {
        date?: unknown;
        hours?: number | null;
        minutes?: number | null;
        contractDates?: { fromDate: string | null; toDate: string | null } | null;
      };
      const dateError =
        typeof values.date === 'string' ? timesheetDateError(values.date, sofiaDate(), values.contractDates) : null;
      if (dateError) ctx.addIssue({ code: 'custom', path: ['date'], message: dateError });
      if (Number.isNaN(values.hours) || Number.isNaN(values.minutes)) return;
      const minutes = durationOf({ hours: values.hours ?? null, minutes: values.minutes ?? null });
      if (minutes === null) ctx.addIssue({ code: 'custom', path: ['duration'], message: M.field_is_required });
      else if (!timesheetDuration.safeParse(minutes).success)
        ctx.addIssue({ code: 'custom', path: ['duration'], message: M.timesheet_duration_range });
    }, alwaysCheck)
    .transform(({ hours, minutes, contractDates: _dates, ...row }) => ({
      ...row,
      duration: durationOf({ hours, minutes }) ?? 0,
    })),
);

export const timesheetFormSchema = z.object({ rows: z.array(rowSchema) });
export type TimesheetFormOutput = z.output<typeof timesheetFormSchema>;
export type TimesheetRowBody = TimesheetFormOutput['rows'][number];

/**
 * A server refusal's field errors on the form's rows: `<index>.<field>` of an array save, `<field>` of a one-row
 * save, both as `rows.<index>.<field>`.
 */
export function rowErrors(error: unknown, many: boolean): { errors: Array<{ field: string; message: string }> } | null {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  return {
    errors: (errors as Array<{ field: string; message: string }>).map((item) => ({
      ...item,
      field: many ? `rows.${item.field}` : `rows.0.${item.field}`,
    })),
  };
}
