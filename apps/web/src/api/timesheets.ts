import type {
  TimesheetListResult,
  TimesheetView,
  timesheetExportQuery,
  timesheetItemSchema,
  timesheetListQuery,
  timesheetRemoveSchema,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, download } from '../lib/api-client.ts';

/** The body of POST /api/timesheets/list. */
export type TimesheetListRequest = z.input<typeof timesheetListQuery>;
/** The body of POST /api/timesheets/export and /print. */
export type TimesheetExportRequest = z.input<typeof timesheetExportQuery>;
/** One row of POST /api/timesheets/save (which takes one row or an array of them). */
export type TimesheetSaveRow = z.input<typeof timesheetItemSchema>;

/** Query keys of the timesheets area: everything starts with `timesheets`, so one invalidation refreshes it all. */
export const timesheetKeys = {
  all: ['timesheets'] as const,
  list: ['timesheets', 'list'] as const,
  one: (id: string) => ['timesheets', 'one', id] as const,
  /** A contract's services, for the services picker of a row. */
  contractServices: (contractId: string) => ['timesheets', 'contract-services', contractId] as const,
  /** The client a new row starts with (the client tab, the top bar's dialog). */
  client: (clientId: string | undefined) => ['timesheets', 'client', clientId] as const,
  /** The contract a new row starts with (the top bar's dialog on a contract's page). */
  contract: (contractId: string | undefined) => ['timesheets', 'contract', contractId] as const,
};

/** The calls of /api/timesheets (see packages/domain/src/timesheets.schemas.ts). */
export const timesheetsApi = {
  list: (request: TimesheetListRequest) => api.post<TimesheetListResult>('/timesheets/list', request),
  get: (id: string) => api.get<TimesheetView>(`/timesheets/${encodeURIComponent(id)}`),
  /** An array creates (and updates rows with `_id`) all or none; one object updates one row. */
  saveMany: (rows: TimesheetSaveRow[]) => api.post<TimesheetView[]>('/timesheets/save', rows),
  saveOne: (row: TimesheetSaveRow) => api.post<TimesheetView>('/timesheets/save', row),
  remove: (timesheetId: string) =>
    api.post<boolean>('/timesheets/remove', { timesheetId } satisfies z.input<typeof timesheetRemoveSchema>),
  /** Saves the XLSX of the filter (management). */
  exportXlsx: (filter: TimesheetExportRequest) => download('/timesheets/export', filter),
  /** Saves the PDF of the filter (management). */
  print: (filter: TimesheetExportRequest) => download('/timesheets/print', filter),
};

/** The reads of the timesheets area as TanStack query options. */
export const timesheetQueries = {
  one: (id: string) => queryOptions({ queryKey: timesheetKeys.one(id), queryFn: () => timesheetsApi.get(id) }),
};
