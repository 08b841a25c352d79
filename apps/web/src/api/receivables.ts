import type {
  AgingBucket,
  CompanyBalance,
  ListResult,
  MailView,
  OverdueSortColumn,
  OverdueRow,
  PortalStatementQueryInput,
  ReceivablesSummary,
  StatementMailInput,
  StatementQueryInput,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, download } from '../lib/api-client.ts';

/*
 * The calls of the receivables area: the summary and the overdue list (/api/receivables), the statement of account
 * (management and the portal) and the portal company's balance (packages/domain/src/receivables.schemas.ts and
 * statement.schemas.ts).
 */

/** The filters of the overdue list (also the body of its export); see `overdueListQuery`. */
export interface OverdueFilters {
  clientId?: string;
  bucket?: AgingBucket;
  currency?: string;
}
/** The body of POST /api/receivables/overdue: paging, sorting (OVERDUE_SORT_COLUMNS) and the filters. */
export type OverdueListRequest = OverdueFilters & {
  page?: number;
  itemsPerPage?: number;
  sortBy?: OverdueSortColumn | string;
  sortDesc?: boolean;
};
/** The body of POST /api/receivables/statement (admin, manager, accountant). */
export type StatementRequest = StatementQueryInput;
/** The body of POST /api/receivables/statement/sendByMail; `to` missing: the client's notification e-mails. */
export type StatementMailRequest = StatementMailInput;
/** The body of POST /api/my-companies/statement (a client user, own companies only). */
export type MyStatementRequest = PortalStatementQueryInput;

/** Query keys of the receivables area (the portal's balance lives under the portal's family). */
export const receivableKeys = {
  all: ['receivables'] as const,
  summary: ['receivables', 'summary'] as const,
  overdue: ['receivables', 'overdue'] as const,
  myBalance: (companyId: string) => ['portal', 'companies', 'balance', companyId] as const,
};

/** The calls of /api/receivables and the portal's statement and balance. */
export const receivablesApi = {
  summary: () => api.get<ReceivablesSummary>('/receivables/summary'),
  overdue: (request: OverdueListRequest) => api.post<ListResult<OverdueRow>>('/receivables/overdue', request),
  /** Saves the XLSX of the overdue list with the filters. */
  exportOverdue: (filters: OverdueFilters) => download('/receivables/overdue/export', filters),
};

/** Saves the statement of account of a client for a period (PDF; admin, manager, accountant). */
export const downloadStatement = (request: StatementRequest) => download('/receivables/statement', request);

/** Queues the statement by mail (management); the answer's message says queued or held. */
export const sendStatementByMail = (request: StatementMailRequest) =>
  api.post<MailView>('/receivables/statement/sendByMail', request);

/** The portal company's outstanding and overdue amounts per currency. */
export const myCompanyBalance = (companyId: string) =>
  api.get<CompanyBalance[]>(`/my-companies/balance/${encodeURIComponent(companyId)}`);

/** Saves the statement of account of the client user's own company (PDF). */
export const downloadMyStatement = (request: MyStatementRequest) => download('/my-companies/statement', request);

/** The reads of the receivables area as TanStack query options. */
export const receivableQueries = {
  summary: () => queryOptions({ queryKey: receivableKeys.summary, queryFn: receivablesApi.summary }),
  myBalance: (companyId: string) =>
    queryOptions({ queryKey: receivableKeys.myBalance(companyId), queryFn: () => myCompanyBalance(companyId) }),
};
