import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { call, createTestContext, logsOf, type TestContext } from './helpers.ts';

let ctx: TestContext;
let companyId: string;
let bgn: string;
let eur: string;
let usd: string;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const t = (bg: string, it: string) => ({ bg, it });
const errorsOf = (body: { Errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.Errors ?? []).map((e) => [e.field, e.message]));
const IBAN_BGN = 'BG32UNCR70001520345678';
const IBAN_EUR = 'BG58UNCR70001420345679';
const bank = (extra: object = {}) => ({
  myCompanyId: companyId,
  name: t('Банка', 'Banca'),
  address: t('София', 'Sofia'),
  iban: IBAN_BGN,
  currency: bgn,
  ...extra,
});
const save = (body: object, token?: string) => call(ctx, 'POST', '/api/banks/save', body, token);

describe('banks of the own company', () => {
  it('need the company saved first', async () => {
    const currency = await call(ctx, 'POST', '/api/settings/currencies/save', {
      name: t('Лев', 'Lev'),
      code: 'BGN',
      exchangeRate: 1,
    });
    bgn = currency.body.Result._id;
    const early = await save({
      myCompanyId: crypto.randomUUID(),
      name: t('Банка', 'Banca'),
      address: t('София', 'Sofia'),
      iban: IBAN_BGN,
      currency: bgn,
    });
    expect(early.status).toBe(400);
    expect(errorsOf(early.body)).toEqual({ myCompanyId: 'my_company_not_saved' });
    const saved = await call(ctx, 'POST', '/api/settings/myCompany/save', {
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
    });
    companyId = saved.body.Result._id;
    eur = (
      await call(ctx, 'POST', '/api/settings/currencies/save', {
        name: t('Евро', 'Euro'),
        code: 'EUR',
        exchangeRate: 1.95583,
      })
    ).body.Result._id;
    usd = (
      await call(ctx, 'POST', '/api/settings/currencies/save', {
        name: t('Долар', 'Dollaro'),
        code: 'USD',
        exchangeRate: 1.8,
      })
    ).body.Result._id;
  });

  it('require name and address in both languages, an IBAN and a currency; the IBAN passes its mod-97 check', async () => {
    const empty = await save({ myCompanyId: companyId });
    expect(errorsOf(empty.body)).toEqual({
      name: 'field_is_required',
      address: 'field_is_required',
      iban: 'field_is_required',
      currency: 'field_is_required',
    });
    const blank = await save(bank({ name: t('', 'Banca'), address: t('София', ''), iban: '', currency: '' }));
    expect(errorsOf(blank.body)).toEqual({
      'name.bg': 'field_is_required',
      'address.it': 'field_is_required',
      iban: 'field_is_required',
      currency: 'field_is_required',
    });
    for (const iban of ['BG33UNCR70001520345678', 'BG32UNCR7000152034567', 'XX00', 'BG32 UNCR 7000 1520 3456 7!']) {
      const bad = await save(bank({ iban }));
      expect([iban, errorsOf(bad.body)]).toEqual([iban, { iban: 'iban_invalid' }]);
    }
    expect(errorsOf((await save(bank({ bic: 'UNCR' }))).body)).toEqual({ bic: 'bic_invalid' });
    expect(errorsOf((await save(bank({ currency: crypto.randomUUID() }))).body)).toEqual({ currency: 'invalid_value' });
    expect(errorsOf((await save({ ...bank(), myCompanyId: undefined })).body)).toEqual({
      myCompanyId: 'field_is_required',
    });
    const spaced = await save(bank({ iban: 'bg32 uncr 7000 1520 3456 78', bic: 'uncrbgsf' }));
    expect(spaced.status).toBe(200);
    expect(spaced.body).toMatchObject({
      Message: 'saved_successfully',
      Result: {
        iban: IBAN_BGN,
        bic: 'UNCRBGSF',
        myCompanyId: companyId,
        currency: bgn,
        currencyCode: 'BGN',
        status: true,
        default: false,
        default2: false,
      },
    });
  });

  it('keep one BGN default and one EUR default: a new default clears the old one in the same save', async () => {
    const first = (await save(bank({ default: true }))).body.Result;
    const second = (await save(bank({ default: true, name: t('Втора', 'Seconda') }))).body.Result;
    expect(second.default).toBe(true);
    expect((await call(ctx, 'GET', `/api/banks/${first._id}`)).body.Result.default).toBe(false);
    const euro = (await save(bank({ default2: true, currency: eur, iban: IBAN_EUR }))).body.Result;
    const euro2 = (await save(bank({ default2: true, currency: eur, iban: IBAN_EUR, name: t('Евро 2', 'Euro 2') })))
      .body.Result;
    expect((await call(ctx, 'GET', `/api/banks/${euro._id}`)).body.Result.default2).toBe(false);
    expect((await call(ctx, 'GET', `/api/banks/${second._id}`)).body.Result.default).toBe(true);
    const all = await call(ctx, 'POST', '/api/banks/list', { myCompanyId: companyId, itemsPerPage: 100 });
    expect(
      all.body.Result.Items.filter((b: { default: boolean }) => b.default).map((b: { _id: string }) => b._id),
    ).toEqual([second._id]);
    expect(
      all.body.Result.Items.filter((b: { default2: boolean }) => b.default2).map((b: { _id: string }) => b._id),
    ).toEqual([euro2._id]);
    // Re-saving the default itself keeps it.
    expect((await save(bank({ _id: second._id, default: true }))).body.Result.default).toBe(true);
    const cleared = await logsOf(ctx, first._id);
    expect(cleared.map((r) => [r.type, r.action])).toEqual([
      ['create', 'save'],
      ['update', 'clearDefault'],
    ]);
    expect(cleared[1].documents).toMatchObject({ old: { default: true }, new: { default: false } });
  });

  raceIt('keep one default under concurrent saves', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => save(bank({ default: true, name: t(`Паралелна ${i}`, `Parallela ${i}`) }))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const all = await call(ctx, 'POST', '/api/banks/list', { myCompanyId: companyId, itemsPerPage: 100 });
    expect(all.body.Result.Items.filter((b: { default: boolean }) => b.default)).toHaveLength(1);
  });

  it('make the BGN default a BGN account, the EUR default a EUR account, and a default active', async () => {
    expect(errorsOf((await save(bank({ default: true, currency: usd }))).body)).toEqual({
      default: 'default_bank_currency_mismatch',
    });
    expect(errorsOf((await save(bank({ default2: true }))).body)).toEqual({
      default2: 'default_bank_currency_mismatch',
    });
    expect(errorsOf((await save(bank({ default: true, status: false }))).body)).toEqual({
      default: 'default_bank_inactive',
    });
  });

  it('list the active ones by default, newest first, with paging', async () => {
    const inactive = (await save(bank({ status: false, name: t('Закрита', 'Chiusa') }))).body.Result;
    const newest = (await save(bank({ name: t('Най-нова', 'Più nuova') }))).body.Result;
    const active = await call(ctx, 'POST', '/api/banks/list', { myCompanyId: companyId, itemsPerPage: 100 });
    const ids = active.body.Result.Items.map((b: { _id: string }) => b._id);
    expect(ids).not.toContain(inactive._id);
    expect(ids[0]).toBe(newest._id);
    const all = await call(ctx, 'POST', '/api/banks/list', { parent: companyId, status: null, itemsPerPage: 100 });
    expect(all.body.Result.Total).toBe(active.body.Result.Total + 1);
    expect(
      (await call(ctx, 'POST', '/api/banks/list', { parent: companyId, status: false })).body.Result.Items.map(
        (b: { _id: string }) => b._id,
      ),
    ).toEqual([inactive._id]);
    const page = await call(ctx, 'POST', '/api/banks/list', { myCompanyId: companyId, itemsPerPage: 2, page: 2 });
    expect(page.body.Result).toMatchObject({ Page: 2, Total: active.body.Result.Total });
    expect(page.body.Result.Items.map((b: { _id: string }) => b._id)).toEqual(ids.slice(2, 4));
    expect((await call(ctx, 'POST', '/api/banks/list', {})).status).toBe(400);
    expect((await call(ctx, 'POST', '/api/banks/list', { parent: crypto.randomUUID() })).body).toEqual({
      Type: 0,
      Message: 'the_client_was_not_found',
    });
  });

  it('are read by staff but changed only by administrators; unknown ids are 404', async () => {
    const list = await call(ctx, 'POST', '/api/banks/list', { myCompanyId: companyId }, ctx.users.accountant.token);
    expect(list.status).toBe(200);
    const manager = await save(bank(), ctx.users.manager.token);
    expect(manager.status).toBe(403);
    expect((await save(bank(), ctx.users.employee.token)).status).toBe(403);
    expect(
      (await call(ctx, 'POST', '/api/banks/list', { myCompanyId: companyId }, ctx.users.client.token)).status,
    ).toBe(403);
    expect((await call(ctx, 'GET', `/api/banks/${crypto.randomUUID()}`)).body).toEqual({
      Type: 0,
      Message: 'not_found',
    });
    expect((await save(bank({ _id: crypto.randomUUID() }))).status).toBe(404);
    expect((await call(ctx, 'POST', '/api/banks/list', { myCompanyId: crypto.randomUUID() })).status).toBe(404);
  });

  it('name the own company by its id', async () => {
    expect(errorsOf((await save(bank({ myCompanyId: crypto.randomUUID() }))).body)).toEqual({
      myCompanyId: 'invalid_value',
    });
  });

  it('answer an unknown client company as the client not found', async () => {
    const response = await save({ ...bank(), myCompanyId: undefined, companyId: crypto.randomUUID() });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ Type: 0, Message: 'the_client_was_not_found' });
  });
});
