import { isClientUser, type SecuritySettingsSaveInput, type SecuritySettingsView } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { securitySettings } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';

const DEFAULTS: SecuritySettingsView = { requireStaffMfa: false };

/** The administrator's account security settings: one row, none = the defaults (nothing required). */
export class SecuritySettingsService {
  constructor(private readonly db: Db) {}

  async get(executor: Executor = this.db): Promise<SecuritySettingsView> {
    const [row] = await executor
      .select({ requireStaffMfa: securitySettings.requireStaffMfa })
      .from(securitySettings)
      .limit(1);
    return row ?? { ...DEFAULTS };
  }

  /** Whether the administrator requires a second factor of a user with this access (staff, while the setting is on). */
  async mfaRequiredFor(access: number, executor: Executor = this.db): Promise<boolean> {
    return !isClientUser(access) && (await this.get(executor)).requireStaffMfa;
  }

  async save(actor: Actor, input: SecuritySettingsSaveInput, ip: string): Promise<SecuritySettingsView> {
    return this.db.transaction(async (tx) => {
      // The single row is locked (or created) first, so two saves log their true old values one after the other.
      await tx.insert(securitySettings).values({ singleton: true }).onConflictDoNothing();
      const [old] = await tx
        .select({ requireStaffMfa: securitySettings.requireStaffMfa })
        .from(securitySettings)
        .for('update');
      await tx
        .update(securitySettings)
        .set({ requireStaffMfa: input.requireStaffMfa, updated: sql`now()`, updatedBy: actor.id });
      const saved = { requireStaffMfa: input.requireStaffMfa };
      await writeLog(tx, {
        name: 'SecuritySettings',
        doc: null,
        model: 'security_settings',
        type: 'update',
        action: 'securitySettingsSaved',
        old: { requireStaffMfa: Boolean(old?.requireStaffMfa) },
        new: saved,
        actor,
        ip,
      });
      return saved;
    });
  }
}
