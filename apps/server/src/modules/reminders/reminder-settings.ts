import { DEFAULT_REMINDER_STAGE_DAYS, type ReminderSettingsSave, type ReminderSettingsView } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { reminderSettings } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { iso } from '../../http/dto.ts';
import { writeLog } from '../logs/index.ts';

const LOG = { name: 'ReminderSettings', model: 'reminder_settings' } as const;

/** The reminder settings: the single row, or (none saved) off with the default stages. */
export async function reminderSettingsOf(executor: Executor): Promise<ReminderSettingsView> {
  const [row] = await executor.select().from(reminderSettings).limit(1);
  return {
    enabled: row?.enabled ?? false,
    stageDays: row?.stageDays ?? [...DEFAULT_REMINDER_STAGE_DAYS],
    updated: iso(row?.updated),
  };
}

/** Settings → reminders (admin): on or off and the stages' days. */
export class ReminderSettingsService {
  constructor(private readonly db: Db) {}

  get(): Promise<ReminderSettingsView> {
    return reminderSettingsOf(this.db);
  }

  async save(actor: Actor, input: ReminderSettingsSave): Promise<ReminderSettingsView> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(reminderSettings).for('update');
      const old = locked ? await reminderSettingsOf(tx) : null;
      await tx
        .insert(reminderSettings)
        .values({ singleton: true, enabled: input.enabled, stageDays: input.stageDays, updatedBy: actor.id })
        .onConflictDoUpdate({
          target: reminderSettings.singleton,
          set: { enabled: input.enabled, stageDays: input.stageDays, updated: sql`now()`, updatedBy: actor.id },
        });
      const view = await reminderSettingsOf(tx);
      await writeLog(tx, {
        ...LOG,
        doc: null,
        type: old ? 'update' : 'create',
        action: 'save',
        old,
        new: view,
        actor,
      });
      return view;
    });
  }
}
