import {
  effectiveCurrencyCode,
  type SetupItem,
  type SetupItemKey,
  type SetupStatus,
  UserStatus,
} from '@kantora/domain';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banks, currencies, invoiceSettings, myCompany, numberRegisters, users } from '../../db/schema/index.ts';

const REGISTER_KINDS = ['invoice', 'proforma'] as const;

/**
 * The first-run checklist, read from the data (nothing is stored for it): the own company saved (every field is
 * required by its save), its active BGN and EUR default accounts (what documents print as the provider's banks),
 * the invoice defaults saved, both number registers set by an administrator or used by an issue, and an active
 * user besides the administrator.
 */
export class SetupStatusService {
  constructor(private readonly db: Db) {}

  async status(): Promise<SetupStatus> {
    const [company] = await this.db.select({ id: myCompany.id }).from(myCompany).limit(1);
    const defaults = company
      ? await this.db
          .select({
            code: currencies.code,
            name: currencies.name,
            isDefault: banks.isDefault,
            isDefault2: banks.isDefault2,
          })
          .from(banks)
          .innerJoin(currencies, eq(currencies.id, banks.currencyId))
          .where(
            and(
              eq(banks.ownerType, 'my_company'),
              eq(banks.ownerId, company.id),
              eq(banks.status, true),
              or(eq(banks.isDefault, true), eq(banks.isDefault2, true)),
            ),
          )
      : [];
    const hasDefault = (code: string, flag: 'isDefault' | 'isDefault2') =>
      defaults.some((row) => row[flag] && effectiveCurrencyCode(row.code, row.name) === code);
    const missingBanks = [
      ...(hasDefault('BGN', 'isDefault') ? [] : ['BGN']),
      ...(hasDefault('EUR', 'isDefault2') ? [] : ['EUR']),
    ];

    const [settings] = await this.db.select({ id: invoiceSettings.id }).from(invoiceSettings).limit(1);
    // A register is confirmed once saved on the settings page or used by an issue: both stamp `updated`.
    const confirmed = new Set(
      (
        await this.db
          .select({ kind: numberRegisters.kind })
          .from(numberRegisters)
          .where(isNotNull(numberRegisters.updated))
      ).map((row) => row.kind),
    );
    const missingRegisters = REGISTER_KINDS.filter((kind) => !confirmed.has(kind));
    // The administrator is one active user: a second one (of any role) is the first user made.
    const [{ active }] = await this.db
      .select({ active: sql<number>`cast(count(*) as integer)` })
      .from(users)
      .where(eq(users.status, UserStatus.active));

    const item = (key: SetupItemKey, done: boolean, missing: string[] = []): SetupItem => ({ key, done, missing });
    const items = [
      item('myCompany', Boolean(company)),
      item('banks', missingBanks.length === 0, missingBanks),
      item('invoiceDefaults', Boolean(settings)),
      item('registers', missingRegisters.length === 0, missingRegisters),
      item('users', Number(active) >= 2),
    ];
    return { complete: items.every((entry) => entry.done), items };
  }
}
