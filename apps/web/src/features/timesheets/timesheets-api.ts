import type { ContractServiceRow, ListResult, TimesheetListResult, TimesheetView } from '@kantora/domain';
import { api, download } from '../../lib/api-client.ts';

/** Query keys of the timesheets area. */
export const timesheetKeys = {
  all: ['timesheets'] as const,
  list: ['timesheets', 'list'] as const,
  one: (id: string) => ['timesheets', 'one', id] as const,
  contractServices: (contractId: string) => ['timesheets', 'contract-services', contractId] as const,
};

/** The calls of /api/timesheets (see packages/domain/src/timesheets.schemas.ts). */
export const timesheetsApi = {
  list: (request: object) => api.post<TimesheetListResult>('/timesheets/list', request),
  get: (id: string) => api.get<TimesheetView>(`/timesheets/${encodeURIComponent(id)}`),
  /** An array creates (and updates rows with `_id`) all or none; one object updates one row. */
  saveMany: (rows: object[]) => api.post<TimesheetView[]>('/timesheets/save', rows),
  saveOne: (row: object) => api.post<TimesheetView>('/timesheets/save', row),
  remove: (timesheetId: string) => api.post<boolean>('/timesheets/remove', { timesheetId }),
  /** Saves the XLSX of the filter (management). */
  exportXlsx: (filter: object) => download('/timesheets/export', filter),
  /** Saves the PDF of the filter (management). */
  print: (filter: object) => download('/timesheets/print', filter),
  /** A contract's services, for the services picker of a row. */
  contractServices: (contractId: string) =>
    api.post<ListResult<ContractServiceRow>>('/contract-services/list', { contractId, page: 1, itemsPerPage: 200 }),
};
