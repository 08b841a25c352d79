import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const t = (bg: string, it: string) => ({ bg, it });
const meta = (name: string, token = ctx.users.employee.token) =>
  call(ctx, 'GET', `/api/metaData/${name}`, undefined, token);
const save = async (kind: string, body: object) =>
  (await call(ctx, 'POST', `/api/settings/${kind}/save`, body)).body.Result._id as string;
const ids = (items: Array<{ _id: string }>) => items.map((i) => i._id);

describe('metadata', () => {
  it('offers active dictionary entries, and every entry from the getAll calls', async () => {
    const cases = [
      {
        kind: 'payment-types',
        active: 'getPaymentTypes',
        all: 'getAllPaymentTypes',
        body: { name: t('Превод', 'Bonifico') },
      },
      {
        kind: 'vat-types',
        active: 'getVATTypes',
        all: 'getAllVATTypes',
        body: { name: t('ДДС', 'IVA'), percentage: 20 },
      },
      {
        kind: 'currencies',
        active: 'getCurrencies',
        body: { name: t('Долар', 'Dollaro'), code: 'USD', exchangeRate: 1.8 },
        inactiveBody: { code: 'CAD', exchangeRate: 1.3 },
      },
      { kind: 'document-types', active: 'getDocumentTypes', body: { name: t('Договор', 'Contratto') } },
      { kind: 'event-categories', active: 'getEventCategories', body: { name: t('Среща', 'Riunione') } },
      {
        kind: 'document-flow-categories',
        active: 'getDocumentFlowCategories',
        body: { name: t('Входящи', 'In entrata') },
      },
      {
        kind: 'services',
        active: 'getServices',
        body: { name: t('Одит', 'Revisione'), code: 'A-1', price: 10 },
        inactiveBody: { code: 'A-2' },
      },
    ];
    for (const c of cases) {
      const active = await save(c.kind, c.body);
      const inactive = await save(c.kind, { ...c.body, ...c.inactiveBody, name: t('Стар', 'Vecchio'), status: false });
      const shown = await meta(c.active);
      expect([c.active, shown.status]).toEqual([c.active, 200]);
      expect(ids(shown.body.Result)).toContain(active);
      expect(ids(shown.body.Result)).not.toContain(inactive);
      expect(shown.body.Result.find((i: { _id: string }) => i._id === active)).toMatchObject({
        name: c.body.name,
        status: true,
      });
      if (c.all) expect(ids((await meta(c.all)).body.Result)).toEqual(expect.arrayContaining([active, inactive]));
    }
  });

  it('gives each VAT type its e-invoice category and exemption code, also for inactive ones', async () => {
    type VatOption = { _id: string; percentage: number; category: string; exemptionCode: string | null };
    // The reference VAT types come with the first start (here the demo data): reverse charge is AE with its VATEX code.
    const demo = await createTestContext({}, { demo: true });
    try {
      const active = (await call(demo, 'GET', '/api/metaData/getVATTypes')).body.Result as VatOption[];
      expect(active.filter((v) => v.category === 'AE')).toEqual([
        expect.objectContaining({ percentage: 0, category: 'AE', exemptionCode: 'VATEX-EU-AE' }),
      ]);
      expect(active.find((v) => v.percentage === 20)).toMatchObject({ category: 'S', exemptionCode: null });
      for (const type of active)
        expect(Object.keys(type)).toEqual(expect.arrayContaining(['category', 'exemptionCode']));
    } finally {
      await demo.close();
    }

    // A type saved without a category is standard-rated; the getAll call carries the codes of inactive types too.
    const closed = await save('vat-types', { name: t('Стар ДДС', 'IVA vecchia'), percentage: 7, status: false });
    expect(ids((await meta('getVATTypes')).body.Result)).not.toContain(closed);
    const all = (await meta('getAllVATTypes')).body.Result as VatOption[];
    expect(all.find((v) => v._id === closed)).toMatchObject({ percentage: 7, category: 'S', exemptionCode: null });
  });

  it('lists active users by role as { _id, fullName, access } only', async () => {
    const inactive = await ctx.createUser(2, { status: 0 });
    const staff = (await meta('getAllEmployeeUsers')).body.Result as Array<{
      _id: string;
      fullName: { bg: string; it: string };
      access: number;
    }>;
    expect(ids(staff)).toEqual(
      expect.arrayContaining([
        ctx.users.admin.id,
        ctx.users.manager.id,
        ctx.users.employee.id,
        ctx.users.accountant.id,
      ]),
    );
    expect(ids(staff)).not.toContain(ctx.users.client.id);
    expect(ids(staff)).not.toContain(inactive.id);
    for (const user of staff) expect(Object.keys(user).sort()).toEqual(['_id', 'access', 'fullName']);
    expect(staff.find((u) => u._id === ctx.users.manager.id)?.fullName).toEqual({
      bg: expect.stringMatching(/^Име\d+ Тестов$/),
      it: expect.stringMatching(/^Nome\d+ Test$/),
    });
    expect((await meta('getEmployeesUsers')).body.Result.every((u: { access: number }) => u.access === 2)).toBe(true);
    expect(ids((await meta('getEmployeesUsers')).body.Result)).toContain(ctx.users.employee.id);
    expect(new Set((await meta('getManagersUsers')).body.Result.map((u: { access: number }) => u.access))).toEqual(
      new Set([0, 1]),
    );
    expect(ids((await meta('getClientsUsers')).body.Result)).toEqual([ctx.users.client.id]);
  });

  it('gives the own company with its active banks, and the invoice defaults with their details', async () => {
    expect((await meta('getMyCompany')).body.Result).toBeNull();
    expect((await meta('getInvoiceDefaults')).body.Result).toBeNull();
    const company = (
      await call(ctx, 'POST', '/api/settings/myCompany/save', {
        name: t('Фирма', 'Ditta'),
        responsiblePerson: t('Иван', 'Ivan'),
        bulstat: '123456789',
        vatNumber: 'BG123456789',
        address: {
          country: t('България', 'Bulgaria'),
          state: t('София', 'Sofia'),
          city: t('София', 'Sofia'),
          street: t('ул. 1', 'via 1'),
          zipCode: '1000',
        },
      })
    ).body.Result;
    const bgn = await save('currencies', { name: t('Лев', 'Lev'), code: 'BGN', exchangeRate: 1 });
    const bank = {
      myCompanyId: company._id,
      name: t('Банка', 'Banca'),
      address: t('София', 'Sofia'),
      iban: 'BG80BNBG96611020345678',
      currency: bgn,
    };
    const open = (await call(ctx, 'POST', '/api/banks/save', { ...bank, default: true })).body.Result;
    const closed = (await call(ctx, 'POST', '/api/banks/save', { ...bank, status: false })).body.Result;
    const mine = (await meta('getMyCompany')).body.Result;
    expect(mine).toMatchObject({
      _id: company._id,
      bulstat: '123456789',
      banks: [{ _id: open._id, default: true, iban: 'BG80BNBG96611020345678', currencyCode: 'BGN' }],
    });
    expect(ids(mine.banks)).not.toContain(closed._id);

    const vatType = await save('vat-types', { name: t('ДДС 20%', 'IVA 20%'), percentage: 20 });
    const paymentType = await save('payment-types', { name: t('Банков превод', 'Bonifico') });
    const signers = [ctx.users.manager.id, ctx.users.accountant.id];
    await call(ctx, 'POST', '/api/settings/invoices/save', {
      currency: bgn,
      vatType,
      paymentType,
      signer: ctx.users.manager.id,
      signers,
    });
    const defaults = (await meta('getInvoiceDefaults', ctx.users.accountant.token)).body.Result;
    expect(defaults).toMatchObject({
      currency: { _id: bgn, code: 'BGN', exchangeRate: 1, name: t('Лев', 'Lev') },
      vatType: { _id: vatType, percentage: 20, name: t('ДДС 20%', 'IVA 20%') },
      paymentType: { _id: paymentType, name: t('Банков превод', 'Bonifico') },
      signer: { _id: ctx.users.manager.id, access: 1 },
    });
    expect(ids(defaults.signers)).toEqual(signers);
  });

  it('is for staff, not for client users', async () => {
    for (const role of ['admin', 'manager', 'employee', 'accountant'] as const)
      expect((await meta('getCurrencies', ctx.users[role].token)).status).toBe(200);
    expect((await meta('getCurrencies', ctx.users.client.token)).status).toBe(403);
    expect((await meta('getAllEmployeeUsers', ctx.users.client.token)).status).toBe(403);
  });
});
