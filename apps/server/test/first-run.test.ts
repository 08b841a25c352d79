import { Access, type SetupStatus } from '@kantora/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, migrateDatabase, openPostgres } from '../src/db/client.ts';
import { currencies, logs, paymentTypes, vatTypes } from '../src/db/schema/index.ts';
import type { AppInstance } from '../src/http/types.ts';
import { firstStart } from '../src/seed/bootstrap.ts';
import { bearer, createTestContext, freshDatabase } from './helpers.ts';

const ADMIN = { email: 'owner@firm.test', password: 'first-run-pass-1' };
const t = (bg: string, it: string) => ({ bg, it });

/** What main.ts does before it listens: migrate, first start (no demo), build the app. */
async function start(database: Database): Promise<AppInstance> {
  await migrateDatabase(database);
  await firstStart(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, seedDemo: false });
  const app = await buildApp({
    config: loadConfig({ APP_ENV: 'test', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' }),
    database,
    jwtSecret: 'test-secret-'.padEnd(48, 'x'),
  });
  await app.ready();
  return app;
}

async function signIn(app: AppInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Result.token;
}

async function get<T = any>(app: AppInstance, token: string, url: string): Promise<{ status: number; result: T }> {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, result: response.json().Result };
}

async function post<T = any>(app: AppInstance, token: string, url: string, body: object): Promise<T> {
  const response = await app.inject({ method: 'POST', url, headers: bearer(token), payload: body });
  expect([url, response.statusCode, response.body]).toEqual([url, 200, response.body]);
  return response.json().Result;
}

/** The counts of the reference lists, straight from the tables (inactive rows too). */
async function counts(database: Database) {
  const count = async (table: typeof currencies | typeof vatTypes | typeof paymentTypes) =>
    (await database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table))[0].n;
  return {
    currencies: await count(currencies),
    vatTypes: await count(vatTypes),
    paymentTypes: await count(paymentTypes),
  };
}

/** A new database started as main.ts starts it, with the administrator signed in; closed after the suite. */
function startedDatabase() {
  const ctx = {} as { database: Database; app: AppInstance; token: string };
  beforeAll(async () => {
    ctx.database = await freshDatabase();
    ctx.app = await start(ctx.database);
    ctx.token = await signIn(ctx.app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

describe('a fresh database without the demo', () => {
  const ctx = startedDatabase();

  it('bills in EUR and BGN at the fixed rate after the start sequence', async () => {
    const { result } = await get<Array<{ code: string; exchangeRate: number; name: { bg: string; it: string } }>>(
      ctx.app,
      ctx.token,
      '/api/metaData/getCurrencies',
    );
    expect(
      result.map(({ code, exchangeRate }) => ({ code, exchangeRate })).sort((a, b) => a.code.localeCompare(b.code)),
    ).toEqual([
      { code: 'BGN', exchangeRate: 1 },
      { code: 'EUR', exchangeRate: 1.95583 },
    ]);
    for (const currency of result) expect(currency.name.bg && currency.name.it).toBeTruthy();
  });

  it('has the VAT rates with the VAT Act article of every exemption in both languages, the reverse charge among them', async () => {
    const { result } = await get<
      Array<{ name: { bg: string; it: string }; percentage: number; exemptionReason: { bg: string; it: string } }>
    >(ctx.app, ctx.token, '/api/metaData/getVATTypes');
    expect([...new Set(result.map((type) => type.percentage))].sort((a, b) => a - b)).toEqual([0, 9, 20]);
    const zero = result.filter((type) => type.percentage === 0);
    expect(zero.length).toBeGreaterThanOrEqual(4);
    for (const type of zero) {
      expect(type.exemptionReason.bg).toMatch(/чл\. \d+.*ЗДДС/);
      expect(type.exemptionReason.it).toMatch(/art\. \d+.*IVA/);
    }
    const reverse = zero.find((type) => /обратно начисляване/i.test(type.exemptionReason.bg));
    expect(reverse?.exemptionReason.bg).toContain('чл. 21, ал. 2 от ЗДДС');
    expect(reverse?.exemptionReason.bg).toContain('чл. 196 от Директива 2006/112/ЕО');
    expect(reverse?.exemptionReason.it).toMatch(/inversione contabile.*art\. 196 della direttiva 2006\/112\/CE/i);
    for (const type of result) expect(type.name.bg && type.name.it).toBeTruthy();
  });

  it('has bank transfer, cash and card as payment types, each logged as a seed', async () => {
    const { result } = await get<Array<{ name: { bg: string; it: string } }>>(
      ctx.app,
      ctx.token,
      '/api/metaData/getPaymentTypes',
    );
    expect(result.map((type) => type.name.bg).sort()).toEqual(['Банков превод', 'В брой', 'С карта']);
    const seeded = await ctx.database.db.select({ name: logs.name }).from(logs).where(eq(logs.action, 'seed'));
    expect(seeded.filter((row) => row.name === 'PaymentType')).toHaveLength(3);
    expect(seeded.filter((row) => row.name === 'Currency')).toHaveLength(2);
  });

  it('creates nothing twice when started again, and brings back nothing an administrator renamed or deleted', async () => {
    const before = await counts(ctx.database);
    const { result: types } = await get<
      Array<{ _id: string; name: { bg: string; it: string }; percentage: number; status: boolean }>
    >(ctx.app, ctx.token, '/api/metaData/getVATTypes');
    const nine = types.find((type) => type.percentage === 9)!;
    await post(ctx.app, ctx.token, '/api/settings/vat-types/save', {
      ...nine,
      name: t('Намалена ставка', 'Aliquota ridotta'),
    });
    const doomed = types.find((type) => type.percentage === 0)!;
    await ctx.database.db.delete(vatTypes).where(eq(vatTypes.id, doomed._id));
    const { result: payments } = await get<Array<{ _id: string; name: { bg: string; it: string }; status: boolean }>>(
      ctx.app,
      ctx.token,
      '/api/metaData/getPaymentTypes',
    );
    const card = payments.find((type) => type.name.bg === 'С карта')!;
    await post(ctx.app, ctx.token, '/api/settings/payment-types/save', {
      ...card,
      name: t('Карта', 'Carta'),
      status: false,
    });

    await ctx.app.close();
    const again = await firstStart(ctx.database.db, {
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      seedDemo: false,
    });
    expect(again).toMatchObject({ adminCreated: false, referenceSeeded: false, demoSeeded: false });
    ctx.app = await start(ctx.database);
    ctx.token = await signIn(ctx.app, ADMIN.email, ADMIN.password);

    expect(await counts(ctx.database)).toEqual({ ...before, vatTypes: before.vatTypes - 1 });
    const { result: after } = await get<Array<{ _id: string; name: { bg: string }; percentage: number }>>(
      ctx.app,
      ctx.token,
      '/api/metaData/getVATTypes',
    );
    expect(after.find((type) => type._id === doomed._id)).toBeUndefined();
    expect(after.filter((type) => type.percentage === 9).map((type) => type.name.bg)).toEqual(['Намалена ставка']);
    const { result: allPayments } = await get<Array<{ name: { bg: string }; status: boolean }>>(
      ctx.app,
      ctx.token,
      '/api/metaData/getAllPaymentTypes',
    );
    expect(allPayments.map((type) => type.name.bg).sort()).toEqual(['Банков превод', 'В брой', 'Карта']);
  });
});

describe('several processes starting at once on one new database', () => {
  it('seed the administrator and the reference data once', async () => {
    const database = await freshDatabase();
    // On a PostgreSQL server each "process" has its own pool; PGlite runs one process per data directory.
    const url = database.pool?.options.connectionString;
    const others = url ? await Promise.all([openPostgres(url, 2), openPostgres(url, 2)]) : [];
    try {
      const all = [database, ...others];
      await Promise.all(all.map((one) => migrateDatabase(one)));
      const results = await Promise.all(
        all.map((one) =>
          firstStart(one.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, seedDemo: false }),
        ),
      );
      expect(results.filter((result) => result.adminCreated)).toHaveLength(1);
      expect(results.filter((result) => result.referenceSeeded)).toHaveLength(1);
      expect(await counts(database)).toEqual({ currencies: 2, vatTypes: 8, paymentTypes: 3 });
    } finally {
      for (const other of others) await other.close();
      await database.close();
    }
  });
});

describe('an older database that already keeps its own lists', () => {
  it('gets only the missing currency, and its own VAT and payment types stay as they are', async () => {
    const database = await freshDatabase();
    try {
      await migrateDatabase(database);
      await database.db.insert(currencies).values({ name: t('Лев', 'Lev'), code: 'BGN', exchangeRate: 1 });
      await database.db.insert(vatTypes).values({ name: t('Стандартна', 'Ordinaria'), percentage: 20 });
      await database.db.insert(paymentTypes).values({ name: t('Превод', 'Bonifico') });
      const result = await firstStart(database.db, {
        adminEmail: ADMIN.email,
        adminPassword: ADMIN.password,
        seedDemo: false,
      });
      expect(result.referenceSeeded).toBe(true);
      expect(await counts(database)).toEqual({ currencies: 2, vatTypes: 1, paymentTypes: 1 });
      expect(
        (await database.db.select({ code: currencies.code }).from(currencies)).map((row) => row.code).sort(),
      ).toEqual(['BGN', 'EUR']);
    } finally {
      await database.close();
    }
  });
});

describe('GET /api/settings/setupStatus', () => {
  const ctx = startedDatabase();

  const status = async () => {
    const { status: code, result } = await get<SetupStatus>(ctx.app, ctx.token, '/api/settings/setupStatus');
    expect(code).toBe(200);
    return result;
  };
  const done = async () => Object.fromEntries((await status()).items.map((item) => [item.key, item.done]));

  it('starts with every item undone, in the order they are done', async () => {
    expect(await status()).toEqual({
      complete: false,
      items: [
        { key: 'myCompany', done: false, missing: [] },
        { key: 'banks', done: false, missing: ['BGN', 'EUR'] },
        { key: 'invoiceDefaults', done: false, missing: [] },
        { key: 'registers', done: false, missing: ['invoice', 'proforma'] },
        { key: 'users', done: false, missing: [] },
      ],
    });
  });

  it('flips each item as it is done, and is complete at the end', async () => {
    const company = await post(ctx.app, ctx.token, '/api/settings/myCompany/save', {
      name: t('Нова Фирма ООД', 'Nuova Ditta S.r.l.'),
      responsiblePerson: t('Иван Иванов', 'Ivan Ivanov'),
      bulstat: '204567891',
      vatNumber: 'BG204567891',
      address: {
        country: t('България', 'Bulgaria'),
        state: t('София', 'Sofia'),
        city: t('София', 'Sofia'),
        street: t('ул. Шипка 1', 'via Shipka 1'),
        zipCode: '1000',
      },
    });
    expect(await done()).toEqual({
      myCompany: true,
      banks: false,
      invoiceDefaults: false,
      registers: false,
      users: false,
    });

    const { result: list } = await get<Array<{ _id: string; code: string }>>(
      ctx.app,
      ctx.token,
      '/api/metaData/getCurrencies',
    );
    const currency = (code: string) => list.find((row) => row.code === code)!._id;
    const bank = {
      myCompanyId: company._id,
      name: t('Банка ДСК', 'Banca DSK'),
      address: t('София', 'Sofia'),
      bic: 'STSABGSF',
    };
    // An account that is not the default for its currency does not count.
    const plain = await post(ctx.app, ctx.token, '/api/banks/save', {
      ...bank,
      iban: 'BG80BNBG96611020345678',
      currency: currency('BGN'),
    });
    expect((await status()).items[1]).toEqual({ key: 'banks', done: false, missing: ['BGN', 'EUR'] });
    await post(ctx.app, ctx.token, '/api/banks/save', {
      ...bank,
      ...plain,
      _id: plain._id,
      currency: currency('BGN'),
      default: true,
    });
    expect((await status()).items[1]).toEqual({ key: 'banks', done: false, missing: ['EUR'] });
    await post(ctx.app, ctx.token, '/api/banks/save', {
      ...bank,
      iban: 'BG58UNCR70001420345679',
      currency: currency('EUR'),
      default2: true,
    });
    expect(await done()).toEqual({
      myCompany: true,
      banks: true,
      invoiceDefaults: false,
      registers: false,
      users: false,
    });

    const { result: vat } = await get<Array<{ _id: string; percentage: number }>>(
      ctx.app,
      ctx.token,
      '/api/metaData/getVATTypes',
    );
    const { result: payment } = await get<Array<{ _id: string }>>(ctx.app, ctx.token, '/api/metaData/getPaymentTypes');
    const { result: me } = await get<{ id: string }>(ctx.app, ctx.token, '/api/auth/getCurrentUserInfo');
    await post(ctx.app, ctx.token, '/api/settings/invoices/save', {
      currency: currency('EUR'),
      vatType: vat.find((type) => type.percentage === 20)!._id,
      paymentType: payment[0]._id,
      signer: me.id,
      signers: [me.id],
    });
    expect(await done()).toEqual({
      myCompany: true,
      banks: true,
      invoiceDefaults: true,
      registers: false,
      users: false,
    });

    // Confirming the registers as they are (the next numbers 1) is setting them.
    await post(ctx.app, ctx.token, '/api/settings/invoices/saveRegisterNumbers', { invoices: 1, proformaInvoices: 1 });
    expect(await done()).toEqual({
      myCompany: true,
      banks: true,
      invoiceDefaults: true,
      registers: true,
      users: false,
    });

    await post(ctx.app, ctx.token, '/api/settings/users/save', {
      firstName: t('Мария', 'Maria'),
      lastName: t('Петрова', 'Petrova'),
      email: 'maria@firm.test',
      password: 'secret1',
      type: 0,
      access: Access.manager,
    });
    expect(await status()).toEqual({
      complete: true,
      items: expect.arrayContaining([{ key: 'users', done: true, missing: [] }]),
    });
    expect((await status()).items.every((item) => item.done)).toBe(true);
  });

  it('answers 403 to everyone but the administrator', async () => {
    const client = await post(ctx.app, ctx.token, '/api/settings/users/save', {
      firstName: t('Лучия', 'Lucia'),
      lastName: t('Бианки', 'Bianchi'),
      email: 'lucia@client.test',
      password: 'secret1',
    });
    expect(client.access).toBe(Access.client);
    for (const email of ['maria@firm.test', 'lucia@client.test']) {
      const other = await signIn(ctx.app, email, 'secret1');
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/setupStatus',
        headers: bearer(other),
      });
      expect([email, response.statusCode, response.json().Type]).toEqual([email, 403, 0]);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/settings/setupStatus' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts a user deactivated again as not made', async () => {
    const list = await post<{ Items: Array<{ _id: string; email: string }> }>(
      ctx.app,
      ctx.token,
      '/api/settings/users/list',
      {},
    );
    for (const user of list.Items.filter((row) => row.email !== ADMIN.email)) {
      const { result: full } = await get(ctx.app, ctx.token, `/api/settings/users/${user._id}`);
      await post(ctx.app, ctx.token, '/api/settings/users/save', { ...full, status: 0 });
    }
    expect(await status()).toMatchObject({
      complete: false,
      items: expect.arrayContaining([{ key: 'users', done: false, missing: [] }]),
    });
  });
});

describe('the demo database', () => {
  it('shows the administrator no checklist: its registers were used by its issued documents', async () => {
    const ctx = await createTestContext({}, { demo: true });
    try {
      const { result } = await get<SetupStatus>(ctx.app, ctx.users.admin.token, '/api/settings/setupStatus');
      expect(result).toMatchObject({ complete: true });
    } finally {
      await ctx.close();
    }
  });
});
