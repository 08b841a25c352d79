/**
 * The billing module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { documentNotFound } from './access.ts';
export { invoicedDay } from './billing-annex.ts';
export { BillingDraftsService } from './billing-drafts.service.ts';
export { signerOf, vatColumns } from './billing-header.ts';
export { BillingItemsService } from './billing-items.service.ts';
export { billingPaymentRoutes } from './billing-payments.routes.ts';
export { BillingPaymentsService, refreshPaidState } from './billing-payments.service.ts';
export { printableOf, printDocument } from './billing-print.ts';
export { issuedInRange, issuedInvoicesPage, loadDocument } from './billing.queries.ts';
export type { DocumentKey, DocumentRecord } from './billing.queries.ts';
export { appendItems, recalculate, takeNumber } from './billing-store.ts';
export { BillingTransformsService } from './billing-transforms.service.ts';
export { billingRoutes, contractBillingRoutes } from './billing.routes.ts';
export { BillingService } from './billing.service.ts';
export {
  backfillBilledPeriods,
  generateContractDocument,
  generateContractDocuments,
  generationDefaults,
} from './contract-billing.ts';
export type { GenerationDefaults } from './contract-billing.ts';
export { periodAt, periodRows } from './contract-periods.ts';
export type { ContractPeriod, PricedService } from './contract-periods.ts';
