import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { logs, numberRegisters } from '../src/db/schema/index.ts';
import { call, createTestContext, logsOf, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const t = (bg: string, it: string) => ({ bg, it });
const errorsOf = (body: { Errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.Errors ?? []).map((e) => [e.field, e.message]));

const company = {
  name: t('Моята фирма ООД', 'La mia ditta S.r.l.'),
  responsiblePerson: t('Иван Иванов', 'Ivan Ivanov'),
  bulstat: '123456789',
  vatNumber: 'BG123456789',
  address: {
    country: t('България', 'Bulgaria'),
    state: t('София', 'Sofia'),
    city: t('София', 'Sofia'),
    street: t('ул. Шипка 1', 'via Shipka 1'),
    zipCode: '1000',
  },
};

describe('my company', () => {
  it('is null before the first save, then a single row that later saves update', async () => {
    expect((await call(ctx, 'GET', '/api/settings/myCompany/get')).body).toEqual({
      Type: 1,
      Message: null,
      Result: null,
    });
    const first = await call(ctx, 'POST', '/api/settings/myCompany/save', company);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      Type: 1,
      Message: 'saved_successfully',
      Result: { ...company, _id: expect.any(String) },
    });
    const second = await call(ctx, 'POST', '/api/settings/myCompany/save', { ...company, bulstat: '987654321' });
    expect(second.body.Result._id).toBe(first.body.Result._id);
    const got = await call(ctx, 'GET', '/api/settings/myCompany/get');
    expect(got.body.Result).toMatchObject({ _id: first.body.Result._id, bulstat: '987654321' });
    const rows = await logsOf(ctx, first.body.Result._id);
    expect(rows.map((r) => [r.name, r.type])).toEqual([
      ['MyCompany', 'create'],
      ['MyCompany', 'update'],
    ]);
    expect(rows[1].documents).toMatchObject({ old: { bulstat: '123456789' }, new: { bulstat: '987654321' } });
    expect(rows[1].createdBy).toBe(ctx.users.admin.id);
  });

  it('requires every field, in both languages', async () => {
    const response = await call(ctx, 'POST', '/api/settings/myCompany/save', {
      ...company,
      name: t('Фирма', ''),
      bulstat: ' ',
      address: { ...company.address, city: t('', 'Sofia'), zipCode: '' },
    });
    expect(response.status).toBe(400);
    expect(errorsOf(response.body)).toEqual({
      'name.it': 'field_is_required',
      bulstat: 'field_is_required',
      'address.city.bg': 'field_is_required',
      'address.zipCode': 'field_is_required',
    });
    const missing = await call(ctx, 'POST', '/api/settings/myCompany/save', {});
    expect(Object.keys(errorsOf(missing.body)).sort()).toEqual([
      'address',
      'bulstat',
      'name',
      'responsiblePerson',
      'vatNumber',
    ]);
  });

  it('keeps the ISO country code of its address: given, else from the country or the VAT number, else BG', async () => {
    const save = (address: object, vatNumber = company.vatNumber) =>
      call(ctx, 'POST', '/api/settings/myCompany/save', {
        ...company,
        vatNumber,
        address: { ...company.address, ...address },
      });
    // Left out: the country's name tells it (the form's save before the field existed, the spec's call).
    expect((await save({})).body.Result.address.countryCode).toBe('BG');
    const given = await save({ country: t('Италия', 'Italia'), countryCode: 'it' });
    expect(given.status).toBe(200);
    expect(given.body.Result.address).toMatchObject({ country: t('Италия', 'Italia'), countryCode: 'IT' });
    expect((await call(ctx, 'GET', '/api/settings/myCompany/get')).body.Result.address.countryCode).toBe('IT');
    // A name it does not know: the VAT number's prefix, else Bulgaria.
    expect(
      (await save({ country: t('Хххх', 'Xxxx'), countryCode: '' }, 'DE123456789')).body.Result.address.countryCode,
    ).toBe('DE');
    expect((await save({ country: t('Хххх', 'Xxxx') }, '123456789')).body.Result.address.countryCode).toBe('BG');
    const bad = await save({ countryCode: 'XX' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual({ 'address.countryCode': 'invalid_value' });
    expect((await call(ctx, 'GET', '/api/settings/myCompany/get')).body.Result.address.countryCode).toBe('BG');
  });

  it('is for administrators only', async () => {
    for (const role of ['manager', 'employee', 'accountant', 'client'] as const) {
      expect((await call(ctx, 'GET', '/api/settings/myCompany/get', undefined, ctx.users[role].token)).status).toBe(
        403,
      );
      expect((await call(ctx, 'POST', '/api/settings/myCompany/save', company, ctx.users[role].token)).status).toBe(
        403,
      );
    }
  });
});

/** One valid payload per dictionary, and a change to save over it. */
const DICTIONARY_CASES = [
  {
    kind: 'currencies',
    entity: 'Currency',
    create: { name: t('Британска лира', 'Sterlina'), code: 'gbp', exchangeRate: 2.3 },
    change: { exchangeRate: 2.31 },
  },
  {
    kind: 'document-types',
    entity: 'DocumentType',
    create: { name: t('Договор', 'Contratto') },
    change: { name: t('Анекс', 'Allegato') },
  },
  {
    kind: 'event-categories',
    entity: 'EventCategory',
    create: { name: t('Среща', 'Riunione') },
    change: { color: '#00ff00' },
  },
  {
    kind: 'payment-types',
    entity: 'PaymentType',
    create: { name: t('Превод', 'Bonifico') },
    change: { status: false },
  },
  {
    kind: 'services',
    entity: 'Service',
    create: { name: t('Одит', 'Revisione'), code: 'AUD-1', price: 100.5 },
    change: { price: 120 },
  },
  {
    kind: 'document-flow-categories',
    entity: 'DocumentFlowCategory',
    create: { name: t('Входящи', 'In entrata') },
    change: { name: t('Изходящи', 'In uscita') },
  },
  {
    kind: 'vat-types',
    entity: 'VATType',
    create: { name: t('ДДС 20%', 'IVA 20%'), percentage: 20 },
    change: { percentage: 9 },
  },
] as const;

describe('dictionaries', () => {
  for (const { kind, entity, create, change } of DICTIONARY_CASES) {
    it(`${kind}: creates, reads, updates and lists, logging old and new`, async () => {
      const created = await call(ctx, 'POST', `/api/settings/${kind}/save`, create);
      expect([kind, created.status]).toEqual([kind, 200]);
      expect(created.body.Message).toBe('saved_successfully');
      const id = created.body.Result._id;
      expect(created.body.Result).toMatchObject({ _id: expect.any(String), status: true, name: create.name });
      const updated = await call(ctx, 'POST', `/api/settings/${kind}/save`, { ...create, ...change, _id: id });
      expect(updated.status).toBe(200);
      expect(updated.body.Result._id).toBe(id);
      const got = await call(ctx, 'GET', `/api/settings/${kind}/${id}`);
      expect(got.body.Result).toMatchObject({
        _id: id,
        ...Object.fromEntries(Object.entries(change).map(([k, v]) => [k, typeof v === 'string' ? v.toUpperCase() : v])),
      });
      const list = await call(ctx, 'POST', `/api/settings/${kind}/list`, { itemsPerPage: 100 });
      expect(list.body.Result.Items.map((i: { _id: string }) => i._id)).toContain(id);
      expect(list.body.Result).toMatchObject({ Page: 1, Total: expect.any(Number) });
      const rows = await logsOf(ctx, id);
      expect(rows.map((r) => [r.name, r.type, r.action])).toEqual([
        [entity, 'create', 'save'],
        [entity, 'update', 'save'],
      ]);
      expect(rows[0].documents).toMatchObject({ old: null, new: { _id: id } });
      expect(rows[1].documents).toMatchObject({ old: { _id: id }, new: { _id: id } });
    });

    it(`${kind}: answers 404 for an unknown id, 400 for a missing name, 403 to non-admins`, async () => {
      expect((await call(ctx, 'GET', `/api/settings/${kind}/${crypto.randomUUID()}`)).body).toEqual({
        Type: 0,
        Message: 'not_found',
      });
      const unknown = await call(ctx, 'POST', `/api/settings/${kind}/save`, {
        ...create,
        code: 'ZZZ',
        _id: crypto.randomUUID(),
      });
      expect(unknown.status).toBe(404);
      const noName = await call(ctx, 'POST', `/api/settings/${kind}/save`, { ...create, name: t('', '') });
      expect(noName.status).toBe(400);
      expect(errorsOf(noName.body)).toMatchObject({ 'name.bg': 'field_is_required', 'name.it': 'field_is_required' });
      expect((await call(ctx, 'POST', `/api/settings/${kind}/list`, {}, ctx.users.manager.token)).status).toBe(403);
      expect((await call(ctx, 'POST', `/api/settings/${kind}/save`, create, ctx.users.accountant.token)).status).toBe(
        403,
      );
    });
  }

  it('keeps an inactive entry inactive when a save leaves status out', async () => {
    const saved = await call(ctx, 'POST', '/api/settings/document-types/save', {
      name: t('Стар', 'Vecchio'),
      status: false,
    });
    const again = await call(ctx, 'POST', '/api/settings/document-types/save', {
      _id: saved.body.Result._id,
      name: t('Стар тип', 'Tipo vecchio'),
    });
    expect(again.body.Result.status).toBe(false);
  });

  it('sorts by the default columns and only by whitelisted columns', async () => {
    for (const name of ['Бета', 'Алфа', 'Гама'])
      await call(ctx, 'POST', '/api/settings/event-categories/save', { name: t(name, name) });
    const byName = await call(ctx, 'POST', '/api/settings/event-categories/list', { itemsPerPage: 100 });
    const names = byName.body.Result.Items.map((i: { name: { bg: string } }) => i.name.bg);
    expect(names).toEqual([...names].sort());
    // Payment types: created descending.
    const a = await call(ctx, 'POST', '/api/settings/payment-types/save', { name: t('Първи', 'Primo') });
    const b = await call(ctx, 'POST', '/api/settings/payment-types/save', { name: t('Втори', 'Secondo') });
    const payment = await call(ctx, 'POST', '/api/settings/payment-types/list', {});
    const ids = payment.body.Result.Items.map((i: { _id: string }) => i._id);
    expect(ids.indexOf(b.body.Result._id)).toBeLessThan(ids.indexOf(a.body.Result._id));
    const bad = await call(ctx, 'POST', '/api/settings/payment-types/list', { sortBy: 'password_hash' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual({ sortBy: 'invalid_value' });
    const paged = await call(ctx, 'POST', '/api/settings/event-categories/list', {
      itemsPerPage: 1,
      page: 2,
      sortBy: 'name.it',
      sortDesc: true,
    });
    expect(paged.body.Result.Items).toHaveLength(1);
    expect(paged.body.Result.Total).toBeGreaterThanOrEqual(3);
    const past = await call(ctx, 'POST', '/api/settings/event-categories/list', { itemsPerPage: 100, page: 50 });
    expect(past.body.Result).toMatchObject({ Items: [], Page: 50, Total: byName.body.Result.Total });
  });

  it('currencies: code unique, positive rate, BGN fixed at 1 and EUR at 1.95583', async () => {
    const bgn = await call(ctx, 'POST', '/api/settings/currencies/save', {
      name: t('Лев', 'Lev'),
      code: 'BGN',
      exchangeRate: 1,
    });
    expect(bgn.status).toBe(200);
    const duplicate = await call(ctx, 'POST', '/api/settings/currencies/save', {
      name: t('Лев', 'Lev'),
      code: 'bgn',
      exchangeRate: 1,
    });
    expect(duplicate.status).toBe(400);
    expect(errorsOf(duplicate.body)).toEqual({ code: 'code_already_exists' });
    const rate = await call(ctx, 'POST', '/api/settings/currencies/save', {
      _id: bgn.body.Result._id,
      name: t('Лев', 'Lev'),
      code: 'BGN',
      exchangeRate: 1.5,
    });
    expect(errorsOf(rate.body)).toEqual({ exchangeRate: 'currency_rate_fixed' });
    const eur = await call(ctx, 'POST', '/api/settings/currencies/save', {
      name: t('Евро', 'Euro'),
      code: 'EUR',
      exchangeRate: 2,
    });
    expect(errorsOf(eur.body)).toEqual({ exchangeRate: 'currency_rate_fixed' });
    for (const exchangeRate of [0, -1, undefined, 'x', 1.1234567]) {
      const bad = await call(ctx, 'POST', '/api/settings/currencies/save', {
        name: t('Йена', 'Yen'),
        code: 'JPY',
        exchangeRate,
      });
      expect([exchangeRate, bad.status]).toEqual([exchangeRate, 400]);
    }
    expect(
      errorsOf(
        (await call(ctx, 'POST', '/api/settings/currencies/save', { name: t('Йена', 'Yen'), code: 'JPY' })).body,
      ),
    ).toEqual({ exchangeRate: 'field_is_required' });
    expect(
      errorsOf(
        (
          await call(ctx, 'POST', '/api/settings/currencies/save', {
            name: t('Йена', 'Yen'),
            code: 'YEN1',
            exchangeRate: 0.012,
          })
        ).body,
      ),
    ).toEqual({ code: 'invalid_value' });
  });

  it('currencies: the required fields alone save one (name, exchangeRate, status); the ISO code is optional and unique when given', async () => {
    const save = (body: object) => call(ctx, 'POST', '/api/settings/currencies/save', body);
    const lira = await save({ name: t('Турска лира', 'Lira turca'), exchangeRate: 0.05, status: true });
    expect(lira.status).toBe(200);
    expect(lira.body.Result).toMatchObject({
      name: t('Турска лира', 'Lira turca'),
      exchangeRate: 0.05,
      status: true,
      code: null,
    });
    expect((await call(ctx, 'GET', `/api/settings/currencies/${lira.body.Result._id}`)).body.Result).toMatchObject({
      code: null,
      exchangeRate: 0.05,
    });
    // Several currencies without a code, and a blank code is none.
    expect((await save({ name: t('Лира', 'Lira'), exchangeRate: 0.06, code: '' })).body.Result).toMatchObject({
      code: null,
    });
    // An update that leaves the code out keeps it; null takes it off.
    const forint = (await save({ name: t('Форинт', 'Fiorino'), code: 'huf', exchangeRate: 0.005 })).body.Result;
    const kept = await save({
      _id: forint._id,
      name: t('Унгарски форинт', 'Fiorino ungherese'),
      exchangeRate: 0.0051,
      status: false,
    });
    expect(kept.body.Result).toMatchObject({ code: 'HUF', exchangeRate: 0.0051, status: false });
    expect(errorsOf((await save({ name: t('Форинт 2', 'Fiorino 2'), code: 'HUF', exchangeRate: 1 })).body)).toEqual({
      code: 'code_already_exists',
    });
    expect(
      (await save({ _id: forint._id, name: t('Форинт', 'Fiorino'), code: null, exchangeRate: 0.005 })).body.Result,
    ).toMatchObject({ code: null });
  });

  it('currencies: BGN and EUR keep their fixed rates when recognised by name only, also on an update without the code', async () => {
    const save = (body: object) => call(ctx, 'POST', '/api/settings/currencies/save', body);
    const wrongEuro = await save({ name: t('Евро', 'Euro'), exchangeRate: 2, status: true });
    expect(wrongEuro.status).toBe(400);
    expect(errorsOf(wrongEuro.body)).toEqual({ exchangeRate: 'currency_rate_fixed' });
    expect(errorsOf((await save({ name: t('лев', 'Lev bulgaro'), exchangeRate: 1.2 })).body)).toEqual({
      exchangeRate: 'currency_rate_fixed',
    });
    // Recognised by name, the currency is stored with its code, so an update that renames it keeps the fixed rate.
    const euro = (await save({ name: t('Евро', 'Euro'), exchangeRate: 1.95583 })).body.Result;
    expect(euro).toMatchObject({ code: 'EUR', exchangeRate: 1.95583 });
    const renamed = await save({ _id: euro._id, name: t('Единна валута', 'Moneta unica'), exchangeRate: 2 });
    expect(errorsOf(renamed.body)).toEqual({ exchangeRate: 'currency_rate_fixed' });
    // A second euro by name is the same currency as the one with the code.
    expect(errorsOf((await save({ name: t('ЕВРО', 'euro'), exchangeRate: 1.95583 })).body)).toEqual({
      code: 'code_already_exists',
    });
  });

  raceIt('currencies: a unique code holds under concurrent saves', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call(ctx, 'POST', '/api/settings/currencies/save', {
          name: t('Франк', 'Franco'),
          code: 'CHF',
          exchangeRate: 2.05,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const failed of results.filter((r) => r.status === 400))
      expect(errorsOf(failed.body)).toEqual({ code: 'code_already_exists' });
  });

  it('services: unique code, money with two decimals, filters', async () => {
    await call(ctx, 'POST', '/api/settings/services/save', {
      name: t('Счетоводство', 'Contabilità'),
      code: 'ACC-9',
      price: 10,
      description: t('месечно', 'mensile'),
    });
    const duplicate = await call(ctx, 'POST', '/api/settings/services/save', {
      name: t('Друго', 'Altro'),
      code: 'acc-9',
      price: 1,
    });
    expect(errorsOf(duplicate.body)).toEqual({ code: 'code_already_exists' });
    for (const price of [-1, 1.005, '10', undefined]) {
      const bad = await call(ctx, 'POST', '/api/settings/services/save', {
        name: t('Цена', 'Prezzo'),
        code: `P-${String(price)}`,
        price,
      });
      expect([price, bad.status]).toEqual([price, 400]);
    }
    const missingCode = await call(ctx, 'POST', '/api/settings/services/save', { name: t('Код', 'Codice'), price: 1 });
    expect(errorsOf(missingCode.body)).toEqual({ code: 'field_is_required' });
    const inactive = await call(ctx, 'POST', '/api/settings/services/save', {
      name: t('Архив', 'Archivio'),
      code: 'OLD-1',
      price: 0.1,
      status: false,
    });
    expect(inactive.body.Result.price).toBe(0.1);
    const filter = async (body: object) =>
      (await call(ctx, 'POST', '/api/settings/services/list', body)).body.Result.Items.map(
        (i: { code: string }) => i.code,
      );
    expect(await filter({ code: 'acc' })).toEqual(['ACC-9']);
    expect(await filter({ name: 'contab' })).toEqual(['ACC-9']);
    expect(await filter({ description: 'МЕСЕЧ' })).toEqual(['ACC-9']);
    expect(await filter({ status: false })).toEqual(['OLD-1']);
    expect(await filter({ code: '%' })).toEqual([]);
    expect(await filter({ code: '', name: null })).toEqual(expect.arrayContaining(['ACC-9', 'OLD-1']));
  });

  it('event categories: a dark red by default, hex colours only', async () => {
    const saved = await call(ctx, 'POST', '/api/settings/event-categories/save', { name: t('Обучение', 'Formazione') });
    expect(saved.body.Result.color).toBe('#8B0000');
    const bad = await call(ctx, 'POST', '/api/settings/event-categories/save', {
      name: t('Обучение', 'Formazione'),
      color: 'red',
    });
    expect(errorsOf(bad.body)).toEqual({ color: 'invalid_value' });
  });

  it('VAT types: percentage 0 to 100 with an optional exemption reason', async () => {
    const zero = await call(ctx, 'POST', '/api/settings/vat-types/save', {
      name: t('0%', '0%'),
      percentage: 0,
      exemptionReason: t('чл. 28 ЗДДС', 'art. 28'),
    });
    expect(zero.body.Result).toMatchObject({ percentage: 0, exemptionReason: t('чл. 28 ЗДДС', 'art. 28') });
    for (const percentage of [-1, 100.01, 12.345, undefined]) {
      const bad = await call(ctx, 'POST', '/api/settings/vat-types/save', { name: t('x', 'x'), percentage });
      expect([percentage, bad.status]).toEqual([percentage, 400]);
    }
  });

  it("VAT types: the EN 16931 category and exemption code are saved and answered; the spec's save without them takes the rate's default", async () => {
    const save = (body: object) => call(ctx, 'POST', '/api/settings/vat-types/save', body);
    // The spec's call: name, percentage, status.
    const standard = await save({ name: t('ДДС 20%', 'IVA 20%'), percentage: 20, status: true });
    expect(standard.status).toBe(200);
    expect(standard.body.Result).toMatchObject({ percentage: 20, category: 'S', exemptionCode: null });
    const exempt = await save({ name: t('0%', '0%'), percentage: 0, status: true });
    expect(exempt.body.Result).toMatchObject({ category: 'E', exemptionCode: null });

    const reverse = await save({
      name: t('Обратно начисляване', 'Inversione contabile'),
      percentage: 0,
      exemptionReason: t('чл. 21, ал. 2 ЗДДС', 'art. 21(2)'),
      category: 'AE',
      exemptionCode: 'VATEX-EU-AE',
    });
    expect(reverse.status).toBe(200);
    expect(reverse.body.Result).toMatchObject({ category: 'AE', exemptionCode: 'VATEX-EU-AE' });
    const id = reverse.body.Result._id;
    expect((await call(ctx, 'GET', `/api/settings/vat-types/${id}`)).body.Result).toMatchObject({
      category: 'AE',
      exemptionCode: 'VATEX-EU-AE',
    });
    const listed = (await call(ctx, 'POST', '/api/settings/vat-types/list', { name: 'Обратно' })).body.Result.Items;
    expect(listed).toMatchObject([{ _id: id, category: 'AE', exemptionCode: 'VATEX-EU-AE' }]);
    // An update without them (the spec's call) keeps what still fits the rate; a new rate takes its default.
    const renamed = await save({ _id: id, name: t('Обратно', 'Inversione'), percentage: 0, status: true });
    expect(renamed.body.Result).toMatchObject({ category: 'AE', exemptionCode: 'VATEX-EU-AE' });
    const rated = await save({ _id: id, name: t('Обратно', 'Inversione'), percentage: 9, status: true });
    expect(rated.body.Result).toMatchObject({ category: 'S', exemptionCode: null });
    // A blank code is none.
    const cleared = await save({
      _id: id,
      name: t('Обратно', 'Inversione'),
      percentage: 0,
      category: 'O',
      exemptionCode: '',
    });
    expect(cleared.body.Result).toMatchObject({ category: 'O', exemptionCode: null });
    const rows = await logsOf(ctx, id);
    expect(rows.at(-1)?.documents).toMatchObject({
      old: { category: 'S' },
      new: { category: 'O', exemptionCode: null },
    });
  });

  it('VAT types: a category that disagrees with the rate, an unknown category or code, or a code on a standard rate is a 400', async () => {
    const save = (body: object) => call(ctx, 'POST', '/api/settings/vat-types/save', { name: t('x', 'x'), ...body });
    for (const [body, expected] of [
      [{ percentage: 20, category: 'AE' }, { category: 'vat_category_rate_mismatch' }],
      [{ percentage: 0, category: 'S' }, { category: 'vat_category_rate_mismatch' }],
      [{ percentage: 0, category: 'XX' }, { category: 'invalid_value' }],
      [{ percentage: 0, category: 'E', exemptionCode: 'VATEX-EU-999' }, { exemptionCode: 'invalid_value' }],
      [{ percentage: 20, category: 'S', exemptionCode: 'VATEX-EU-AE' }, { exemptionCode: 'invalid_value' }],
      [{ percentage: 0, category: 'Z', exemptionCode: 'VATEX-EU-O' }, { exemptionCode: 'invalid_value' }],
    ] as const) {
      const response = await save(body);
      expect([body, response.status, errorsOf(response.body)]).toEqual([body, 400, expected]);
    }
    const zero = await save({ percentage: 0, category: 'Z' });
    expect(zero.body.Result).toMatchObject({ category: 'Z', exemptionCode: null });
    // An update that changes the rate of a standard type to 0 while sending its category S is refused, not rewritten.
    const standard = (await save({ percentage: 20 })).body.Result;
    const refused = await save({ _id: standard._id, percentage: 0, category: 'S' });
    expect(errorsOf(refused.body)).toEqual({ category: 'vat_category_rate_mismatch' });
    expect((await call(ctx, 'GET', `/api/settings/vat-types/${standard._id}`)).body.Result).toMatchObject({
      percentage: 20,
      category: 'S',
    });
  });

  it('document-flow categories: a parent must exist and no category becomes its own ancestor', async () => {
    const save = (body: object) => call(ctx, 'POST', '/api/settings/document-flow-categories/save', body);
    const a = (await save({ name: t('А', 'A') })).body.Result;
    const b = (await save({ name: t('Б', 'B'), parent: a._id })).body.Result;
    const c = (await save({ name: t('В', 'C'), parent: b._id })).body.Result;
    expect(c.parent).toBe(b._id);
    const cycle = await save({ _id: a._id, name: a.name, parent: c._id });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toMatchObject({
      Message: 'category_cycle',
      Errors: [{ field: 'parent', message: 'category_cycle' }],
    });
    expect(errorsOf((await save({ _id: b._id, name: b.name, parent: b._id })).body)).toEqual({
      parent: 'category_cycle',
    });
    expect(errorsOf((await save({ name: t('Г', 'D'), parent: crypto.randomUUID() })).body)).toEqual({
      parent: 'invalid_value',
    });
    // Moving a leaf elsewhere and clearing a parent are fine.
    expect((await save({ _id: c._id, name: c.name, parent: a._id })).status).toBe(200);
    expect((await save({ _id: b._id, name: b.name, parent: '' })).body.Result.parent).toBeNull();
  });
});

describe('invoice settings', () => {
  const dictionary = async (kind: string, body: object) =>
    (await call(ctx, 'POST', `/api/settings/${kind}/save`, body)).body.Result._id as string;

  it('requires every default, checks that each exists, and saves one row', async () => {
    expect((await call(ctx, 'GET', '/api/settings/invoices/get')).body.Result).toBeNull();
    const empty = await call(ctx, 'POST', '/api/settings/invoices/save', { signers: [] });
    expect(errorsOf(empty.body)).toMatchObject({
      currency: 'field_is_required',
      vatType: 'field_is_required',
      paymentType: 'field_is_required',
      signer: 'field_is_required',
      signers: 'field_is_required',
    });
    const currency = await dictionary('currencies', { name: t('Рубла', 'Rublo'), code: 'RUB', exchangeRate: 0.02 });
    const vatType = await dictionary('vat-types', { name: t('ДДС', 'IVA'), percentage: 20 });
    const paymentType = await dictionary('payment-types', { name: t('Карта', 'Carta') });
    const signer = ctx.users.manager.id;
    const unknown = await call(ctx, 'POST', '/api/settings/invoices/save', {
      currency: crypto.randomUUID(),
      vatType,
      paymentType,
      signer,
      signers: [signer, ctx.users.client.id],
    });
    expect(errorsOf(unknown.body)).toEqual({ currency: 'invalid_value', 'signers.1': 'invalid_value' });
    const notListed = await call(ctx, 'POST', '/api/settings/invoices/save', {
      currency,
      vatType,
      paymentType,
      signer,
      signers: [ctx.users.accountant.id],
    });
    expect(errorsOf(notListed.body)).toEqual({ signer: 'signer_not_in_signers' });
    const saved = await call(ctx, 'POST', '/api/settings/invoices/save', {
      currency,
      vatType,
      paymentType,
      signer,
      signers: [signer, ctx.users.accountant.id],
    });
    expect(saved.body).toMatchObject({
      Message: 'saved_successfully',
      Result: { currency, vatType, paymentType, signer, signers: [signer, ctx.users.accountant.id] },
    });
    const again = await call(ctx, 'POST', '/api/settings/invoices/save', {
      currency,
      vatType,
      paymentType,
      signer: ctx.users.admin.id,
      signers: [ctx.users.admin.id],
    });
    expect(again.body.Result._id).toBe(saved.body.Result._id);
    expect((await call(ctx, 'GET', '/api/settings/invoices/get')).body.Result).toMatchObject({
      signer: ctx.users.admin.id,
      signers: [ctx.users.admin.id],
    });
    const rows = await logsOf(ctx, saved.body.Result._id);
    expect(rows.map((r) => r.type)).toEqual(['create', 'update']);
    expect(rows[1].documents).toMatchObject({ old: { signer }, new: { signer: ctx.users.admin.id } });
  });
});

describe('register numbers', () => {
  const save = (body: object) => call(ctx, 'POST', '/api/settings/invoices/saveRegisterNumbers', body);

  it('starts at 1 and takes positive integers of at most 10 digits', async () => {
    expect((await call(ctx, 'GET', '/api/settings/invoices/getRegisterNumbers')).body.Result).toEqual({
      invoices: 1,
      proformaInvoices: 1,
      invoicesIssued: 0,
      proformaInvoicesIssued: 0,
    });
    for (const invoices of [0, -5, 1.5, 10_000_000_000, '12', undefined]) {
      const bad = await save({ invoices, proformaInvoices: 1 });
      expect([invoices, bad.status]).toEqual([invoices, 400]);
    }
    expect(errorsOf((await save({})).body)).toEqual({
      invoices: 'field_is_required',
      proformaInvoices: 'field_is_required',
    });
    const saved = await save({ invoices: 9_999_999_999, proformaInvoices: 500 });
    expect(saved.body).toMatchObject({
      Message: 'saved_successfully',
      Result: { invoices: 9_999_999_999, proformaInvoices: 500 },
    });
  });

  it('refuses to go back to or below a number already issued', async () => {
    await ctx.database.db
      .update(numberRegisters)
      .set({ next: 101, maxIssued: 100 })
      .where(eq(numberRegisters.kind, 'invoice'));
    await ctx.database.db
      .update(numberRegisters)
      .set({ next: 11, maxIssued: 10 })
      .where(eq(numberRegisters.kind, 'proforma'));
    const lower = await save({ invoices: 100, proformaInvoices: 5 });
    expect(lower.status).toBe(400);
    expect(lower.body).toMatchObject({
      Message: 'register_number_below_issued',
      Errors: [
        { field: 'invoices', message: 'register_number_below_issued' },
        { field: 'proformaInvoices', message: 'register_number_below_issued' },
      ],
    });
    expect((await call(ctx, 'GET', '/api/settings/invoices/getRegisterNumbers')).body.Result).toMatchObject({
      invoices: 101,
      proformaInvoices: 11,
      invoicesIssued: 100,
    });
    const fine = await save({ invoices: 101, proformaInvoices: 2000 });
    expect(fine.body.Result).toMatchObject({ invoices: 101, proformaInvoices: 2000 });
    const rows = await ctx.database.db.select().from(logs).where(eq(logs.name, 'RegisterNumbers'));
    expect(rows.map((r) => r.documents)).toContainEqual({
      old: { invoices: 101, proformaInvoices: 11, invoicesIssued: 100, proformaInvoicesIssued: 10 },
      new: { invoices: 101, proformaInvoices: 2000, invoicesIssued: 100, proformaInvoicesIssued: 10 },
    });
  });
});

describe('odd input', () => {
  it('answers 400, never 500', async () => {
    for (const [url, body] of [
      ['/api/settings/currencies/list', { sortBy: 'constructor' }],
      ['/api/settings/currencies/list', { sortBy: '__proto__' }],
      ['/api/settings/currencies/list', { page: 1e20 }],
      ['/api/settings/currencies/list', { name: 'a\u0000b' }],
      ['/api/settings/document-types/save', { name: t('a\u0000b', 'x') }],
      ['/api/settings/services/list', { code: ['x'] }],
      ['/api/settings/vat-types/save', { name: t('x', 'x'), percentage: '20' }],
      ['/api/settings/document-flow-categories/save', { name: t('x', 'x'), parent: 'nope' }],
    ] as const) {
      const response = await call(ctx, 'POST', url, body);
      expect([url, JSON.stringify(body), response.status, response.body.Type]).toEqual([
        url,
        JSON.stringify(body),
        400,
        0,
      ]);
    }
    expect((await call(ctx, 'GET', '/api/settings/currencies/not-an-id')).status).toBe(400);
  });
});
