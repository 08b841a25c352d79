import { isValidIban } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

const meta = async (name: string) => (await call(ctx, 'GET', `/api/metaData/${name}`)).body.Result;

describe('the demo data', () => {
  it('has the own company in both languages with a valid BGN default and EUR default account', async () => {
    const company = await meta('getMyCompany');
    expect(company.name.bg).not.toBe('');
    expect(company.name.it).not.toBe('');
    const byCode = Object.fromEntries(company.banks.map((b: { currencyCode: string }) => [b.currencyCode, b]));
    expect(byCode.BGN).toMatchObject({ default: true, default2: false });
    expect(byCode.EUR).toMatchObject({ default: false, default2: true });
    for (const bank of company.banks) expect([bank.iban, isValidIban(bank.iban)]).toEqual([bank.iban, true]);
  });

  it('has the currencies, VAT types, payment types, services and categories the screens need', async () => {
    expect((await meta('getCurrencies')).map((c: { code: string }) => c.code).sort()).toEqual(['BGN', 'EUR', 'USD']);
    const vat = await meta('getVATTypes');
    // The reference VAT types every database gets: 20 %, 9 % and the 0 % ones, each with its exemption reason.
    expect([...new Set(vat.map((v: { percentage: number }) => v.percentage))].sort((a: any, b: any) => a - b)).toEqual([
      0, 9, 20,
    ]);
    for (const zero of vat.filter((v: { percentage: number }) => v.percentage === 0)) {
      expect(zero.exemptionReason.bg).not.toBe('');
      expect(zero.exemptionReason.it).not.toBe('');
    }
    expect(await meta('getPaymentTypes')).toHaveLength(3);
    expect((await meta('getServices')).length).toBeGreaterThanOrEqual(3);
    expect((await meta('getDocumentTypes')).length).toBeGreaterThan(0);
    expect((await meta('getEventCategories')).every((c: { color: string }) => /^#[0-9A-F]{6}$/.test(c.color))).toBe(
      true,
    );
    expect((await meta('getDocumentFlowCategories')).some((c: { parent: string | null }) => c.parent)).toBe(true);
  });

  it('has invoice defaults and registers', async () => {
    const defaults = await meta('getInvoiceDefaults');
    expect(defaults).toMatchObject({ currency: { code: 'EUR' }, vatType: { percentage: 20 }, signer: { access: 1 } });
    expect(defaults.signers.length).toBe(2);
    // The demo invoices and proformas took the first numbers of each register.
    expect((await call(ctx, 'GET', '/api/settings/invoices/getRegisterNumbers')).body.Result).toMatchObject({
      invoices: 10,
      proformaInvoices: 4,
    });
  });

  it('passes the save rules: a demo service saves again unchanged', async () => {
    const services = await meta('getServices');
    const { _id, name, code, description, price, status } = services[0];
    const again = await call(ctx, 'POST', '/api/settings/services/save', {
      _id,
      name,
      code,
      description,
      price,
      status,
    });
    expect(again.status).toBe(200);
  });
});
