/**
 * The receivables module's public face: what app.ts, the bench and the other modules (reminders, the statement) may
 * import from it. The module's own files import each other directly; everyone else imports this file
 * (test/module-boundaries.test.ts).
 */
export {
  agingBucket,
  currencyOrder,
  daysOverdue,
  deadlineInBucket,
  isOverdue,
  receivableDues,
  receivablesToday,
} from './receivables.sql.ts';
export type { ReceivableDuesOptions } from './receivables.sql.ts';
export { byCurrency, overduePage, receivablesSummary } from './receivables.queries.ts';
export { receivablesRoutes } from './receivables.routes.ts';
export { statementRoutes } from './statement.routes.ts';
export { StatementService } from './statement.service.ts';
