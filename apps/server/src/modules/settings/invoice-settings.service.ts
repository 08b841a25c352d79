import {
  type ApiFieldError,
  type InvoiceSettings,
  type InvoiceSettingsSaveInput,
  MessageKeys as M,
  type RegisterNumbersSaveInput,
  UserStatus,
} from '@kantora/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { lockName } from '../../db/sql-helpers.ts';
import { currencies, invoiceSettings, numberRegisters, paymentTypes, users, vatTypes } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { validationError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog, logChange, type LogSubject } from '../logs/index.ts';

const INVOICE_SETTINGS_LOG: LogSubject = { name: 'InvoiceSettings', model: 'invoice_settings' };

type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

function settingsDto(row: InvoiceSettingsRow): InvoiceSettings {
  return {
    _id: row.id,
    currency: row.currencyId,
    vatType: row.vatTypeId,
    paymentType: row.paymentTypeId,
    signer: row.signerId,
    signers: row.signers,
    paymentTermDays: row.paymentTermDays,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}
export type InvoiceSettingsDto = InvoiceSettings;

export interface RegisterNumbers {
  /** The number the next issued invoice (or notice) takes. */
  invoices: number;
  /** The number the next issued proforma invoice takes. */
  proformaInvoices: number;
  /** The highest numbers issued so far: a register cannot go back to or below them. */
  invoicesIssued: number;
  proformaInvoicesIssued: number;
}

const REGISTER_FIELDS = { invoice: 'invoices', proforma: 'proformaInvoices' } as const;

/** Invoice defaults and the number registers. */
export class InvoiceSettingsService {
  constructor(private readonly db: Db) {}

  async row(executor: Executor = this.db): Promise<InvoiceSettingsRow | undefined> {
    const [row] = await executor.select().from(invoiceSettings).limit(1);
    return row;
  }

  /** The defaults, or null before their first save. */
  async get(): Promise<InvoiceSettingsDto | null> {
    const row = await this.row();
    return row ? settingsDto(row) : null;
  }

  private async missing(
    executor: Executor,
    table: PgTable & { id: PgColumn },
    field: string,
    id: string,
  ): Promise<ApiFieldError[]> {
    const [found] = await executor.select({ id: table.id }).from(table).where(eq(table.id, id));
    return found ? [] : [{ field, message: M.invalid_value }];
  }

  async save(actor: Actor, input: InvoiceSettingsSaveInput): Promise<InvoiceSettingsDto> {
    const signers = [...new Set(input.signers)];
    return this.db.transaction(async (tx) => {
      await lockName(tx, 'invoice_settings');
      const errors = [
        ...(await this.missing(tx, currencies, 'currency', input.currency)),
        ...(await this.missing(tx, vatTypes, 'vatType', input.vatType)),
        ...(await this.missing(tx, paymentTypes, 'paymentType', input.paymentType)),
      ];
      // Signers are active staff users.
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, signers), lt(users.access, 4), eq(users.status, UserStatus.active)));
      const known = new Set(found.map((u) => u.id));
      if (!known.has(input.signer)) errors.push({ field: 'signer', message: M.invalid_value });
      signers.forEach((id, index) => {
        if (!known.has(id)) errors.push({ field: `signers.${index}`, message: M.invalid_value });
      });
      if (errors.length > 0) throw validationError(errors);

      const old = await this.row(tx);
      const values = {
        currencyId: input.currency,
        vatTypeId: input.vatType,
        paymentTypeId: input.paymentType,
        signerId: input.signer,
        signers,
        // The original call has no term (docs/decisions.md, "Payment terms"): missing keeps the stored one (0, due the day issued, at first).
        paymentTermDays: input.paymentTermDays ?? old?.paymentTermDays ?? 0,
      };
      const [row] = old
        ? await tx
            .update(invoiceSettings)
            .set({ ...values, updated: sql`now()` })
            .where(eq(invoiceSettings.id, old.id))
            .returning()
        : await tx
            .insert(invoiceSettings)
            .values({ ...values, createdBy: actor.id })
            .returning();
      const saved = settingsDto(row);
      await logChange(tx, INVOICE_SETTINGS_LOG, {
        doc: row.id,
        action: 'save',
        old: old ? settingsDto(old) : null,
        new: saved,
        actor,
      });
      return saved;
    });
  }

  async getRegisterNumbers(executor: Executor = this.db): Promise<RegisterNumbers> {
    const rows = await executor.select().from(numberRegisters);
    const of = (kind: string) => rows.find((r) => r.kind === kind) ?? { next: 1, maxIssued: 0 };
    return {
      invoices: of('invoice').next,
      proformaInvoices: of('proforma').next,
      invoicesIssued: of('invoice').maxIssued,
      proformaInvoicesIssued: of('proforma').maxIssued,
    };
  }

  /** Sets the next numbers. A register never goes back to a number already issued. */
  async saveRegisterNumbers(actor: Actor, input: RegisterNumbersSaveInput): Promise<RegisterNumbers> {
    return this.db.transaction(async (tx) => {
      // Lock both rows: an invoice issued meanwhile waits, or is seen here.
      const rows = await tx.select().from(numberRegisters).orderBy(numberRegisters.kind).for('update');
      const old = await this.getRegisterNumbers(tx);
      const errors: ApiFieldError[] = [];
      for (const row of rows) {
        const field = REGISTER_FIELDS[row.kind as keyof typeof REGISTER_FIELDS];
        if (field && input[field] <= row.maxIssued) errors.push({ field, message: M.register_number_below_issued });
      }
      if (errors.length > 0) throw validationError(errors);
      for (const [kind, field] of Object.entries(REGISTER_FIELDS)) {
        await tx
          .insert(numberRegisters)
          .values({ kind, next: input[field], updated: sql`now()` })
          .onConflictDoUpdate({ target: numberRegisters.kind, set: { next: input[field], updated: sql`now()` } });
      }
      const saved = await this.getRegisterNumbers(tx);
      await writeLog(tx, {
        name: 'RegisterNumbers',
        doc: null,
        model: 'number_registers',
        type: 'update',
        action: 'saveRegisterNumbers',
        old,
        new: saved,
        actor,
      });
      return saved;
    });
  }
}
