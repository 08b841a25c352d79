import type {
  InvoiceRemindersView,
  MailView,
  ReminderRunResult,
  ReminderSendInput,
  ReminderSettingsSaveInput,
  ReminderSettingsView,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/*
 * Payment reminders (packages/domain/src/reminders.schemas.ts): the settings (admin), the day's run by hand (admin),
 * "send a reminder now" on an overdue invoice (admin, manager) and an invoice's reminders.
 */

/** Query keys of reminders: the settings (under `settings`, where their page is) and an invoice's reminders. */
export const reminderKeys = {
  all: ['reminders'] as const,
  settings: ['settings', 'reminders'] as const,
  /** The reminders of one invoice (its editor). */
  of: (documentId: string) => ['reminders', 'of', documentId] as const,
};

/** The calls of /api/settings/reminders and /api/receivables/reminders. */
export const remindersApi = {
  settings: () => api.get<ReminderSettingsView>('/settings/reminders'),
  saveSettings: (input: ReminderSettingsSaveInput) => api.post<ReminderSettingsView>('/settings/reminders/save', input),
  /** Starts the day's run now (admin); answers how many reminders it queued. */
  run: () => api.post<ReminderRunResult>('/receivables/reminders/run', {}),
  /** Queues a reminder of an overdue invoice (stage 0); the answer's message says queued or held. */
  send: (input: ReminderSendInput) => api.post<MailView>('/receivables/reminders/send', input),
  /** The invoice's debt as the server counts it and its reminders, newest first. */
  of: (documentId: string) =>
    api.get<InvoiceRemindersView>(`/receivables/reminders/of/${encodeURIComponent(documentId)}`),
};

/** The reads of reminders as TanStack query options. */
export const reminderQueries = {
  settings: () => queryOptions({ queryKey: reminderKeys.settings, queryFn: remindersApi.settings }),
  /** `version`: what the answer depends on that the page knows (the invoice's figures): a change reads it again. */
  of: (documentId: string, version = '') =>
    queryOptions({ queryKey: [...reminderKeys.of(documentId), version], queryFn: () => remindersApi.of(documentId) }),
};
