import type { ListResult, LocalizedText, MailView } from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, download } from '../lib/api-client.ts';

/*
 * The calls of the receivables area: the summary and the overdue list (/api/receivables), the statement of account
 * (management and the portal) and the portal company's balance. The shapes follow packages/domain/src/
 * receivables.schemas.ts and statement.schemas.ts.
 */

/** The aging buckets by the payment deadline, in order (not yet due, 1–30, 31–60, 61–90, over 90 days). */
export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** One aging bucket of a currency. */
export interface ReceivablesBucket {
  key: AgingBucket;
  amount: number;
  count: number;
}

/** One of the clients who owe most, in a currency. */
export interface ReceivablesDebtor {
  clientId: string;
  name: LocalizedText;
  due: number;
  overdue: number;
}

/** One month of the last twelve: invoiced and paid in the currency, and (where given) the hours. */
export interface ReceivablesMonth {
  month: string;
  invoiced: number;
  paid: number;
  hours?: number;
  billedHours?: number;
}

/** The hours of a month (not per currency). */
export interface ReceivablesHoursMonth {
  month: string;
  hours: number;
  billedHours: number;
}

/** The receivables of one currency. */
export interface ReceivablesCurrency {
  currency: string;
  outstanding: number;
  overdue: number;
  buckets: ReceivablesBucket[];
  topDebtors: ReceivablesDebtor[];
  months: ReceivablesMonth[];
}

/** GET /api/receivables/summary: per currency (EUR first), and the hours per month. */
export interface ReceivablesSummary {
  currencies: ReceivablesCurrency[];
  months?: ReceivablesHoursMonth[];
}

/** The filters of the overdue list. */
export interface OverdueFilters {
  clientId?: string;
  bucket?: AgingBucket;
  currency?: string;
}

/** The body of POST /api/receivables/overdue. */
export type OverdueListRequest = OverdueFilters & {
  page?: number;
  itemsPerPage?: number;
  sortBy?: string | string[];
  sortDesc?: boolean | boolean[];
};

/** One row of the overdue list. */
export interface OverdueRow {
  _id: string;
  number: string | null;
  date: string;
  deadline: string | null;
  daysOverdue: number;
  client: { _id: string; name: LocalizedText };
  currency: string;
  total: number;
  due: number;
  lastReminder: { stage: number; at: string } | null;
  contact: { email: string | null; phone: string | null; notificationsEmails: string[] };
}

/** The body of POST /api/receivables/statement (management). */
export interface StatementRequest {
  clientId: string;
  fromDate: string;
  toDate: string;
  language: 'bg' | 'it';
}

/** The body of POST /api/receivables/statement/sendByMail; `to` defaults to the client's notification e-mails. */
export type StatementMailRequest = StatementRequest & { to?: string[] };

/** The body of POST /api/my-companies/statement (a client user, own companies only). */
export interface MyStatementRequest {
  companyId: string;
  fromDate: string;
  toDate: string;
  language: 'bg' | 'it';
}

/** A company's balance in one currency (the portal). */
export interface CurrencyBalance {
  currency: string;
  outstanding: number;
  overdue: number;
}

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
  api.get<CurrencyBalance[]>(`/my-companies/balance/${encodeURIComponent(companyId)}`);

/** Saves the statement of account of the client user's own company (PDF). */
export const downloadMyStatement = (request: MyStatementRequest) => download('/my-companies/statement', request);

/** The reads of the receivables area as TanStack query options. */
export const receivableQueries = {
  summary: () => queryOptions({ queryKey: receivableKeys.summary, queryFn: receivablesApi.summary }),
  myBalance: (companyId: string) =>
    queryOptions({ queryKey: receivableKeys.myBalance(companyId), queryFn: () => myCompanyBalance(companyId) }),
};
