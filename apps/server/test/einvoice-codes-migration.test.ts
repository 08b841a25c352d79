import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { billingDocuments, myCompany, offices, vatTypes } from '../src/db/schema/index.ts';
import { type BillingSetup, addItem, createDraft, issue, setUpBilling, t } from './billing-fixtures.ts';
import { createClient, headquarters } from './clients-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

/** Migration 0022's statements that fill existing rows (the column additions are already applied). */
function fillingStatements(): string[] {
  const migration = readFileSync(join(MIGRATIONS_DIR, '0022_einvoice_codes.sql'), 'utf8');
  return migration
    .split('--> statement-breakpoint')
    .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
    .filter((part) => part !== '' && !/^ALTER TABLE/i.test(part));
}

describe("migration 0022's statements", () => {
  it('fill the country codes of offices and the own company, the VAT types’ categories and the documents’', async () => {
    const db = s.ctx.database.db;
    const saved = async (url: string, body: object) => {
      const response = await call(s.ctx, 'POST', url, body);
      expect([url, response.status]).toEqual([url, 200]);
      return response.body.Result;
    };
    const italian = await createClient(s.ctx, {
      office: headquarters({ country: t('Италия', 'Italia'), countryCode: 'IT' }),
    });
    const german = await createClient(s.ctx, {
      vatNumber: 'DE123456789',
      office: headquarters({ country: t('Някъде', 'Altrove') }),
    });
    const reverse = await saved('/api/settings/vat-types/save', {
      name: t('Без ДДС', 'Senza IVA'),
      percentage: 0,
      exemptionReason: t('Обратно начисляване, чл. 21, ал. 2 ЗДДС', 'Inversione contabile'),
      category: 'AE',
      exemptionCode: 'VATEX-EU-AE',
    });
    const draft = await createDraft(s, 'invoice', { VATCharging: false, VATType: reverse._id });
    await addItem(s, 'invoice', draft._id, 100);
    await issue(s, 'invoice', draft._id);

    // The rows as they were before the migration: no codes, every VAT type 'S' (the column's default).
    await db.update(offices).set({ countryCode: null });
    await db.execute(sql`update my_company set address = address - 'countryCode'`);
    await db.update(vatTypes).set({ category: 'S', exemptionCode: null });
    await db.update(vatTypes).set({ category: 'E' }).where(eq(vatTypes.id, s.vat20));
    await db.update(billingDocuments).set({ vatCategory: null, vatExemptionCode: null });

    const statements = fillingStatements();
    expect(statements.length).toBeGreaterThanOrEqual(8);
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });

    const officeCode = async (companyId: string) =>
      (await db.select({ code: offices.countryCode }).from(offices).where(eq(offices.companyId, companyId)))[0].code;
    expect(await officeCode(italian._id)).toBe('IT');
    expect(await officeCode(german._id)).toBe('DE');
    expect(await officeCode(s.visible)).toBe('BG');
    const [own] = await db.select({ address: myCompany.address }).from(myCompany);
    expect(own.address.countryCode).toBe('BG');
    const typeOf = async (id: string) =>
      (
        await db
          .select({ category: vatTypes.category, exemptionCode: vatTypes.exemptionCode })
          .from(vatTypes)
          .where(eq(vatTypes.id, id))
      )[0];
    expect(await typeOf(reverse._id)).toEqual({ category: 'AE', exemptionCode: 'VATEX-EU-AE' });
    expect(await typeOf(s.vat20)).toEqual({ category: 'S', exemptionCode: null });
    expect(await typeOf(s.vat9)).toEqual({ category: 'S', exemptionCode: null });
    // The fixtures' 0 % type cites art. 21(2) (place of supply abroad): outside the scope.
    expect(await typeOf(s.vat0)).toEqual({ category: 'O', exemptionCode: 'VATEX-EU-O' });
    const [document] = await db
      .select({ category: billingDocuments.vatCategory, code: billingDocuments.vatExemptionCode })
      .from(billingDocuments)
      .where(eq(billingDocuments.id, draft._id));
    expect(document).toEqual({ category: 'AE', code: 'VATEX-EU-AE' });
    // The answers agree with the rows.
    expect((await call(s.ctx, 'GET', '/api/settings/myCompany/get')).body.Result.address.countryCode).toBe('BG');
    expect((await call(s.ctx, 'GET', `/api/offices/${italian.office._id}`)).body.Result.countryCode).toBe('IT');
  });
});
