/**
 * The settings module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { DictionaryService } from './dictionary.service.ts';
export type { DictionaryItem } from './dictionary.service.ts';
export { InvoiceSettingsService } from './invoice-settings.service.ts';
export { MyCompanyService } from './my-company.service.ts';
export { settingsRoutes } from './settings.routes.ts';
export { SetupStatusService } from './setup-status.service.ts';
