import {
  MessageKeys as M,
  reminderOfParams,
  reminderRunSchema,
  reminderSendSchema,
  reminderSettingsSaveSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { ReminderSettingsService } from './reminder-settings.ts';
import type { RemindersService } from './reminders.service.ts';

/**
 * Payment reminders (packages/domain/src/reminders.schemas.ts): the settings and the day's run by hand (admin),
 * "send a reminder now" (admin, manager) and an invoice's reminders (admin, manager, accountant).
 */
export function reminderRoutes(
  app: AppInstance,
  services: { settings: ReminderSettingsService; reminders: RemindersService },
) {
  const { settings, reminders } = services;
  const admin = { permission: 'settings' } as const;

  app.get('/api/settings/reminders', { schema: { tags: ['settings'] }, config: admin }, async () =>
    ok(await settings.get()),
  );

  app.post(
    '/api/settings/reminders/save',
    { schema: { body: reminderSettingsSaveSchema, tags: ['settings'] }, config: admin },
    async (request) => ok(await settings.save(userOf(request), request.body), M.saved_successfully),
  );

  const tags = ['receivables'];
  app.post(
    '/api/receivables/reminders/run',
    { schema: { body: reminderRunSchema, tags }, config: admin },
    async (request) => ok(await reminders.runNow(userOf(request))),
  );

  app.post(
    '/api/receivables/reminders/send',
    { schema: { body: reminderSendSchema, tags }, config: { permission: 'documentsMail' } },
    async (request) => {
      const mail = await reminders.sendNow(userOf(request), request.body);
      return ok(mail, mail.state === 'held' ? M.mail_held : M.mail_queued);
    },
  );

  app.get(
    '/api/receivables/reminders/of/:documentId',
    { schema: { params: reminderOfParams, tags }, config: { permission: 'invoicesRead' } },
    async (request) => ok(await reminders.of(userOf(request), request.params.documentId)),
  );
}
