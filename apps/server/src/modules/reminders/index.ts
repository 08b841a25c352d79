/**
 * The reminders module's public face: payment reminders of overdue invoices (the settings, the daily run claimed once
 * across processes, "send a reminder now", an invoice's reminders). It depends on receivables (the money rule),
 * billing, printing, document-mail (the templates), mail and logs; billing does not depend on it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { ReminderSettingsService, reminderSettingsOf } from './reminder-settings.ts';
export { reminderCandidates, remindersOf } from './reminders.queries.ts';
export type { ReminderCandidate } from './reminders.queries.ts';
export { reminderRoutes } from './reminders.routes.ts';
export { ReminderScheduler, sofiaHour } from './reminders.scheduler.ts';
export type { ReminderSchedulerOptions } from './reminders.scheduler.ts';
export { REMINDERS_JOB, RemindersService } from './reminders.service.ts';
