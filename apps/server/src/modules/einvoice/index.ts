/**
 * The e-invoice module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { einvoiceRoutes } from './einvoice.routes.ts';
export { einvoiceCurrency, einvoiceOf, einvoiceXmlOfRecord } from './einvoice.service.ts';
export type { EinvoiceScope } from './einvoice.service.ts';
export { einvoiceLanguage, ublDocument } from './ubl.ts';
export type { EinvoiceSource } from './ubl.ts';
export { MonthPackageService, monthPackage } from './month-package.ts';
export { monthPackageRoutes } from './month-package.routes.ts';
