import {
  Access,
  type ApiFieldError,
  ContractStatus,
  hasTimesheetFilter,
  type Locale,
  MessageKeys as M,
  sofiaDay,
  TIMESHEET_PRINT_MAX_ROWS,
  type TimesheetExportQuery,
  type TimesheetItemValues,
  type TimesheetListQuery,
  type TimesheetListResult,
  type TimesheetView,
  timesheetDateError,
} from '@kantora/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cappedCount, cappedSum, queryRows } from '../../db/sql-helpers.ts';
import { companies, contracts, contractServices, timesheets } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { validationError } from '../../http/validation.ts';
import type { Readable } from 'node:stream';
import { invoicedDay } from '../billing/index.ts';
import { canSeeClient } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';
import {
  filterWhere,
  rightsOf,
  rowDto,
  SORT_COLUMNS,
  selectTimesheets,
  ExportNames,
  walkSelection,
  type WalkRow,
  type TimesheetRecord,
  timesheetListQueries,
  timesheetLogView,
  viewDto,
} from './timesheets.queries.ts';
import { timesheetsWorkbook } from './timesheets-export.ts';
import { timesheetsPdf } from './timesheets-print.ts';
import { logChange, type LogSubject } from '../logs/index.ts';

const TIMESHEET_LOG: LogSubject = { name: 'Timesheet', model: 'timesheets' };

export interface TimesheetSettings {
  /** TIMESHEET_LOCK_DAYS. */
  lockDays: number;
}

/** Rows read per query while the export walks the matching rows. */
export const EXPORT_BATCH = 2000;

/**
 * Timesheets: who sees which row, the rules of a row (docs/architecture.md, "Lock windows and who sees what"), the multi-row save in one transaction, the lock
 * window, the admin's delete, and the walk of every matching row that the export and the print read.
 */
export class TimesheetsService {
  constructor(
    private readonly db: Db,
    readonly settings: TimesheetSettings,
  ) {}

  private async load(
    executor: Executor,
    actor: Actor,
    id: string,
    forUpdate = false,
  ): Promise<TimesheetRecord | undefined> {
    const query = selectTimesheets(executor, actor, eq(timesheets.id, id));
    const [row] = forUpdate ? await query.for('update', { of: timesheets }) : await query;
    return row as TimesheetRecord | undefined;
  }

  private view(actor: Actor, row: TimesheetRecord): TimesheetView {
    const now = Date.now();
    return viewDto(row, rightsOf(actor, row, this.settings.lockDays, now), this.settings.lockDays, now);
  }

  /** One page (its ids by an index, then those rows with their names) with the count and the sum of the durations. */
  async list(actor: Actor, query: TimesheetListQuery): Promise<TimesheetListResult> {
    const queries = timesheetListQueries(actor, query);
    const [ids, totals] = await Promise.all([
      queryRows<{ id: string }>(this.db, queries.ids),
      cappedSum(this.db, queries.durations),
    ]);
    const rows =
      ids.length > 0
        ? ((await selectTimesheets(
            this.db,
            actor,
            inArray(
              timesheets.id,
              ids.map((row) => row.id),
            ),
          )) as TimesheetRecord[])
        : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const now = Date.now();
    return {
      Items: ids.flatMap(({ id }) => {
        const row = byId.get(id);
        return row ? [rowDto(row, rightsOf(actor, row, this.settings.lockDays, now))] : [];
      }),
      // An estimated total is never below the rows already seen.
      Total: ids.length > 0 ? Math.max(totals.count, ids.length + (query.page - 1) * query.itemsPerPage) : totals.count,
      Page: query.page,
      TotalDuration: totals.sum,
      ...(totals.estimated ? { Estimated: true } : {}),
    };
  }

  async get(actor: Actor, id: string): Promise<TimesheetView> {
    const row = await this.load(this.db, actor, id);
    if (!row) throw notFound();
    return this.view(actor, row);
  }

  /**
   * The rules of one row, as field errors: a client the user sees, a contract of that client that is registered
   * (not expired, not canceled), one of its services, a date not after today (Europe/Sofia) and within the
   * dates of a contract it may have (also when a saved row keeps its contract). A saved row keeps the
   * client, contract and service it has even when they would no longer be chosen (like an inactive category).
   * The contract is locked for sharing, so it cannot be canceled or returned to draft while the row is saved.
   */
  private async rowErrors(
    tx: Executor,
    actor: Actor,
    item: TimesheetItemValues,
    old: TimesheetRecord | undefined,
    today: string,
  ): Promise<ApiFieldError[]> {
    const dateErrors = (contract?: { fromDate: string; toDate: string }): ApiFieldError[] => {
      const message = timesheetDateError(item.date, today, contract);
      return message ? [{ field: 'date', message }] : [];
    };
    const keepsClient = old?.clientId === item.client;
    if (!keepsClient && !(await canSeeClient(tx, actor, item.client)))
      return [...dateErrors(), { field: 'client', message: M.the_client_was_not_found }];
    const [contract] = await tx
      .select({
        customerId: contracts.customerId,
        status: contracts.status,
        fromDate: contracts.fromDate,
        toDate: contracts.toDate,
      })
      .from(contracts)
      .where(eq(contracts.id, item.contract))
      .for('share');
    if (!contract || contract.customerId !== item.client)
      return [...dateErrors(), { field: 'contract', message: M.invalid_value }];
    const keepsContract = keepsClient && old?.contractId === item.contract;
    // The date is checked against the contract's dates only when the row may have that contract.
    const refused = !keepsContract && !(contract.status === ContractStatus.registered && contract.toDate >= today);
    const errors = refused
      ? [...dateErrors(), { field: 'contract', message: M.timesheet_contract_not_active }]
      : dateErrors(contract);
    if (!(keepsContract && old?.serviceId === item.service)) {
      const [line] = await tx
        .select({ id: contractServices.id })
        .from(contractServices)
        .where(and(eq(contractServices.contractId, item.contract), eq(contractServices.serviceId, item.service)));
      if (!line) errors.push({ field: 'service', message: M.timesheet_service_not_in_contract });
    }
    return errors;
  }

  /**
   * True when the contract's day was billed with the timesheet annex (an issued document's period; billing-annex.ts).
   * The contract is held `for share` first, so a concurrent issue that freezes the annex (it holds the contract
   * `for no key update`) either sees this save's row or is seen by this check.
   */
  private async invoiced(tx: Executor, contractId: string, day: string): Promise<boolean> {
    await tx.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, contractId)).for('share');
    return invoicedDay(tx, contractId, day);
  }

  /**
   * Saves rows in one transaction: all or none. Rows without `_id` are new (the user is the caller); a row with
   * `_id` must be one the caller sees (404) and not locked (409 `timesheet_locked`); for everyone but admin, neither
   * a new row nor a changed row's old or new date may lie in a period billed with the timesheet annex (409
   * `timesheet_period_invoiced`). Every row's rule errors are collected and answered together, each under its row
   * (`<index>.<field>` when `many`).
   */
  async save(actor: Actor, input: { many: boolean; items: TimesheetItemValues[] }): Promise<TimesheetView[]> {
    if (actor.access !== Access.admin && actor.access !== Access.manager && actor.access !== Access.employee)
      throw forbidden();
    const today = sofiaDay();
    return this.db.transaction(async (tx) => {
      const olds: Array<TimesheetRecord | undefined> = [];
      const errors: ApiFieldError[] = [];
      for (const [index, item] of input.items.entries()) {
        const old = item._id ? await this.load(tx, actor, item._id, true) : undefined;
        if (item._id && !old) throw notFound();
        if (old && rightsOf(actor, old, this.settings.lockDays).locked) throw conflict(M.timesheet_locked);
        olds.push(old);
        const prefix = input.many ? `${index}.` : '';
        for (const error of await this.rowErrors(tx, actor, item, old, today))
          errors.push({ field: `${prefix}${error.field}`, message: error.message });
        if (actor.access !== Access.admin) {
          if (old && (await this.invoiced(tx, old.contractId, old.date))) throw conflict(M.timesheet_period_invoiced);
          if (await this.invoiced(tx, item.contract, item.date)) throw conflict(M.timesheet_period_invoiced);
        }
      }
      if (errors.length > 0) throw validationError(errors);

      const views: TimesheetView[] = [];
      for (const [index, item] of input.items.entries()) {
        const old = olds[index];
        const values = {
          clientId: item.client,
          contractId: item.contract,
          serviceId: item.service,
          date: item.date,
          duration: item.duration,
          comment: item.comment,
        };
        const [row] = old
          ? await tx
              .update(timesheets)
              .set({ ...values, updated: sql`now()` })
              .where(eq(timesheets.id, old.id))
              .returning({ id: timesheets.id })
          : await tx
              .insert(timesheets)
              .values({ ...values, userId: actor.id, createdBy: actor.id })
              .returning({ id: timesheets.id });
        const saved = (await this.load(tx, actor, row.id))!;
        await logChange(tx, TIMESHEET_LOG, {
          doc: row.id,
          action: 'save',
          old: old ? timesheetLogView(old) : null,
          new: timesheetLogView(saved),
          actor,
        });
        views.push(this.view(actor, saved));
      }
      return views;
    });
  }

  /** Deletes a row (admin only, never locked). */
  async remove(actor: Actor, id: string): Promise<void> {
    if (actor.access !== Access.admin) throw forbidden();
    await this.db.transaction(async (tx) => {
      const old = await this.load(tx, actor, id, true);
      if (!old) throw notFound();
      await tx.delete(timesheets).where(eq(timesheets.id, id));
      await logChange(tx, TIMESHEET_LOG, { doc: id, action: 'remove', old: timesheetLogView(old), new: null, actor });
    });
  }

  /** The export and the print need a filter (else 400 to_do_export_please_first_select_filters). */
  assertFiltered(query: TimesheetExportQuery): void {
    if (!hasTimesheetFilter(query)) throw badRequest(M.to_do_export_please_first_select_filters);
  }

  /**
   * Every row matching the filter, by date (then by creation and id; newest first unless the list asks for
   * ascending), in batches of `batchSize`: each batch is one keyset query on the date index starting where the last
   * one ended (`(date, created) <= (last date, last created)`, a condition of the index scan itself, so no batch
   * reads a row of the day before its start), of the table's own columns; their names come from `ExportNames` (each
   * read once, not joined to every row). Nothing holds more than a batch and the names. Rows saved while the walk
   * runs may or may not be part of it.
   */
  async *walk(actor: Actor, query: TimesheetExportQuery, batchSize = EXPORT_BATCH): AsyncGenerator<TimesheetRecord[]> {
    if (query.sortBy.length > 1 || (query.sortBy.length === 1 && !Object.hasOwn(SORT_COLUMNS, query.sortBy[0])))
      throw badRequest(M.invalid_value, [{ field: 'sortBy', message: M.invalid_value }]);
    const descending = query.sortBy.length > 0 ? (query.sortDesc[0] ?? false) : true;
    const where = filterWhere(actor, query);
    const direction = descending ? sql`desc nulls last` : sql`asc nulls first`;
    const order = [sql`${timesheets.date} ${direction}`, sql`${timesheets.created} ${direction}`, asc(timesheets.id)];
    const names = new ExportNames();
    let after: { date: string; created: string; id: string } | undefined;
    for (;;) {
      const key = sql`(${timesheets.date}, ${timesheets.created})`;
      const last = after && sql`(${after.date}::date, ${after.created}::timestamptz)`;
      const next: SQL | undefined =
        after &&
        (descending
          ? sql`${key} <= ${last} and (${key} < ${last} or ${timesheets.id} > ${after.id})`
          : sql`${key} >= ${last} and (${key} > ${last} or ${timesheets.id} > ${after.id})`);
      // Straight from the driver, not mapped by the query builder (a tenth of the export's time for 200 000 rows):
      // the columns are named as WalkRow's keys and arrive as the builder would give them (dates as text).
      const page = await queryRows<WalkRow>(
        this.db,
        sql`select ${walkSelection} from ${timesheets} where ${and(where, next)}
          order by ${sql.join(order, sql`, `)} limit ${batchSize}`,
      );
      if (page.length === 0) return;
      yield await names.of(this.db, page);
      if (page.length < batchSize) return;
      const end = page[page.length - 1];
      after = { date: end.date, created: end.created, id: end.id };
    }
  }

  /**
   * The export's xlsx: the filter required, the first batch read before answering (so a refused query still answers
   * its error, not a cut file), then the workbook streamed batch by batch. `lang`: the one asked for (the one on
   * screen), else the user's stored one.
   */
  async exportFile(
    actor: Actor,
    query: TimesheetExportQuery,
    lang: Locale,
  ): Promise<{ filename: string; body: Readable }> {
    this.assertFiltered(query);
    const batches = this.walk(actor, query);
    const first = await batches.next();
    const rows = (async function* () {
      if (!first.done) yield first.value;
      yield* batches;
    })();
    return { filename: `timesheets-${sofiaDay()}.xlsx`, body: timesheetsWorkbook(rows, lang) };
  }

  /** The print's PDF: the filter required, at most TIMESHEET_PRINT_MAX_ROWS rows (printRows). */
  async printFile(actor: Actor, query: TimesheetExportQuery, lang: Locale): Promise<{ filename: string; pdf: Buffer }> {
    this.assertFiltered(query);
    const rows = await this.printRows(actor, query, lang, TIMESHEET_PRINT_MAX_ROWS);
    return { filename: `timesheets-${sofiaDay()}.pdf`, pdf: await timesheetsPdf(rows, query, lang) };
  }

  /**
   * The rows of a print, grouped by client and contract (names in `lang`), then by date; at most `max` rows
   * (400 `timesheets_print_too_many_rows` past it, checked by a capped count before anything is sorted).
   */
  async printRows(
    actor: Actor,
    query: TimesheetExportQuery,
    lang: 'bg' | 'it',
    max: number,
  ): Promise<TimesheetRecord[]> {
    const where = filterWhere(actor, query);
    const { count } = await cappedCount(this.db, sql`select 1 from ${timesheets} where ${where}`);
    if (count > max) throw badRequest(M.timesheets_print_too_many_rows);
    const rows = await selectTimesheets(this.db, actor, where).orderBy(
      sql`${companies.name}->>${lang}`,
      timesheets.clientId,
      sql`${contracts.name}->>${lang}`,
      timesheets.contractId,
      asc(timesheets.date),
      asc(timesheets.created),
      asc(timesheets.id),
    );
    return rows as TimesheetRecord[];
  }
}
