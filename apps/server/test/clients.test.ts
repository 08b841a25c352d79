import { Access, UserStatus } from '@kantora/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, offices } from '../src/db/schema/index.ts';
import { bearer, call, createTestContext, logsOf, type TestContext } from './helpers.ts';
import {
  createClient,
  createCurrency,
  errorsOf,
  headquarters,
  IBAN,
  newClient,
  nextEik,
  t,
} from './clients-fixtures.ts';

let ctx: TestContext;
let bgn: string;
beforeAll(async () => {
  ctx = await createTestContext();
  bgn = await createCurrency(ctx);
});
afterAll(() => ctx.close());

const save = (body: object, token?: string) => call(ctx, 'POST', '/api/companies/save', body, token);
const countRows = async () => {
  const [row] = await ctx.database.db
    .select({
      companies: sql<number>`cast(count(*) as integer)`,
      offices: sql<number>`(select cast(count(*) as integer) from offices)`,
    })
    .from(companies);
  return row;
};

describe('creating a client', () => {
  it('saves the company, its headquarters with contacts and its bank in one call, and answers the new client with its id', async () => {
    const body = newClient({
      responsiblePerson: t('Иван Петров', 'Ivan Petrov'),
      phone: '+359 2 111',
      email: 'info@klient.bg',
      comment: 'Важен клиент',
      notificationsEmails: ['a@klient.bg'],
      subscription: { status: true, fromDate: '2025-01-01', toDate: '2025-12-31' },
      office: headquarters({
        contacts: [
          {
            firstName: 'Мария',
            lastName: 'Иванова',
            phone: '+359 888',
            email: 'maria@klient.bg',
            position: 'Счетоводител',
          },
        ],
      }),
      bank: { name: t('УниКредит', 'UniCredit'), iban: 'bg32 uncr 7000 1520 3456 78', currency: bgn },
    });
    const response = await save(body);
    expect(response.status).toBe(200);
    const saved = response.body.Result;
    expect(response.body.Message).toBe('saved_successfully');
    expect(saved).toMatchObject({
      name: body.name,
      bulstat: body.bulstat,
      vatNumber: body.vatNumber,
      status: true,
      managingUsersAll: false,
      managingUsers: [],
      clientUsers: [],
      referent: null,
      createdBy: ctx.users.admin.id,
      warnings: [],
      office: {
        isHeadquarters: true,
        company: saved._id,
        contacts: [{ firstName: 'Мария', email: 'maria@klient.bg' }],
      },
      bank: { companyId: saved._id, iban: IBAN, currency: bgn },
    });
    expect(saved.createdByName.bg).toContain('Име');

    const full = (await call(ctx, 'GET', `/api/companies/${saved._id}`)).body.Result;
    expect(full).toMatchObject({
      _id: saved._id,
      comment: 'Важен клиент',
      notificationsEmails: ['a@klient.bg'],
      subscription: { status: true, fromDate: '2025-01-01', toDate: '2025-12-31' },
      responsiblePerson: body.responsiblePerson,
    });
    expect(full.created).toMatch(/Z$/);
    expect(full).not.toHaveProperty('nameTrigrams');
    const details = (await call(ctx, 'GET', `/api/companies/details/${saved._id}`)).body.Result;
    expect(details).toEqual({
      _id: saved._id,
      name: body.name,
      bulstat: body.bulstat,
      vatNumber: body.vatNumber,
      status: true,
      created: full.created,
      createdBy: ctx.users.admin.id,
      createdByName: full.createdByName,
    });

    const [company] = await logsOf(ctx, saved._id);
    expect(company).toMatchObject({
      name: 'Company',
      model: 'companies',
      type: 'create',
      action: 'save',
      createdBy: ctx.users.admin.id,
    });
    expect(company.documents).toMatchObject({ old: null, new: { _id: saved._id, bulstat: body.bulstat } });
    expect((await logsOf(ctx, saved.office._id))[0]).toMatchObject({
      name: 'Office',
      type: 'create',
      documents: { old: null, new: { _id: saved.office._id } },
    });
    expect((await logsOf(ctx, saved.bank._id))[0]).toMatchObject({
      name: 'Bank',
      type: 'create',
      documents: { old: null, new: { iban: IBAN } },
    });
  });

  it("gives the headquarters an ISO country code: the card's, else from the country name, else the VAT number", async () => {
    const given = await save(newClient({ office: headquarters({ countryCode: 'it' }) }));
    expect(given.status).toBe(200);
    expect(given.body.Result.office.countryCode).toBe('IT');
    expect((await call(ctx, 'GET', `/api/offices/${given.body.Result.office._id}`)).body.Result.countryCode).toBe('IT');
    expect((await save(newClient())).body.Result.office.countryCode).toBe('BG');
    const unknown = headquarters({ country: t('Някъде', 'Altrove') });
    expect((await save(newClient({ vatNumber: 'ATU12345678', office: unknown }))).body.Result.office.countryCode).toBe(
      'AT',
    );
    const bad = await save(newClient({ office: headquarters({ countryCode: 'BGR' }) }));
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual({ 'office.countryCode': 'invalid_value' });
  });

  it('saves no bank when its card is blank', async () => {
    const saved = (await save(newClient({ bank: { name: t('', ''), iban: '', currency: '' } }))).body.Result;
    expect(saved.bank).toBeNull();
    expect((await call(ctx, 'POST', '/api/banks/list', { companyId: saved._id })).body.Result.Total).toBe(0);
  });

  it("saves a client without an office, then its headquarters by offices/save with the new id (the web's sequence)", async () => {
    const { office: _office, ...company } = newClient();
    const created = await save(company);
    expect(created.status).toBe(200);
    expect(created.body.Result).toMatchObject({ _id: expect.any(String), bulstat: company.bulstat, bank: null });
    expect(created.body.Result).not.toHaveProperty('office');
    const id = created.body.Result._id;
    expect((await call(ctx, 'POST', '/api/offices/list', { company: id })).body.Result.Total).toBe(0);

    // The office modal's fields (Bulgarian address, phone, email), without the headquarters flag: the first office is the headquarters.
    const first = await call(ctx, 'POST', '/api/offices/save', {
      company: id,
      country: t('България', ''),
      city: t('Пловдив', ''),
      street: t('ул. Главна 1', ''),
      phone: '+359 32 1',
      email: 'hq@klient.bg',
    });
    expect(first.status).toBe(200);
    expect(first.body.Result).toMatchObject({ company: id, isHeadquarters: true, city: t('Пловдив', '') });
    const second = await call(ctx, 'POST', '/api/offices/save', {
      company: id,
      country: t('България', ''),
      city: t('Варна', ''),
      street: t('ул. Морска 2', ''),
      phone: '+359 52 1',
      email: 'varna@klient.bg',
    });
    expect(second.body.Result).toMatchObject({ isHeadquarters: false });
    const list = (await call(ctx, 'POST', '/api/offices/list', { company: id })).body.Result;
    expect(list.Total).toBe(2);
    expect(
      list.Items.filter((office: { isHeadquarters: boolean }) => office.isHeadquarters).map(
        (office: { _id: string }) => office._id,
      ),
    ).toEqual([first.body.Result._id]);
    expect((await logsOf(ctx, first.body.Result._id))[0]).toMatchObject({ name: 'Office', type: 'create' });
  });

  it('requires the required fields with their keys: company name (bg), bulstat, vatNumber; office in both languages with phone and email; contacts', async () => {
    const empty = await save({});
    expect(empty.status).toBe(400);
    expect(errorsOf(empty.body)).toEqual({
      name: 'field_is_required',
      bulstat: 'field_is_required',
      vatNumber: 'field_is_required',
    });
    const blank = await save(
      newClient({
        name: t('', 'Ditta'),
        office: headquarters({ street: t('ул. 1', ''), phone: '', email: '', contacts: [{ firstName: 'Ив' }] }),
      }),
    );
    expect(errorsOf(blank.body)).toEqual({
      'name.bg': 'field_is_required',
      'office.street.it': 'field_is_required',
      'office.phone': 'field_is_required',
      'office.email': 'field_is_required',
      'office.contacts.0.lastName': 'field_is_required',
      'office.contacts.0.phone': 'field_is_required',
      'office.contacts.0.email': 'field_is_required',
    });
    const bank = await save(newClient({ bank: { name: t('Банка', '') } }));
    expect(errorsOf(bank.body)).toEqual({ 'bank.iban': 'field_is_required', 'bank.currency': 'field_is_required' });
  });

  it('saves nothing when a part fails: an invalid office, or a bank the database refuses, rolls the client back', async () => {
    const before = await countRows();
    const bulstat = nextEik();
    expect((await save(newClient({ bulstat, office: headquarters({ city: t('', '') }) }))).status).toBe(400);
    const refused = await save(newClient({ bulstat, bank: { iban: IBAN, currency: crypto.randomUUID() } }));
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toEqual({ 'bank.currency': 'invalid_value' });
    expect(await countRows()).toEqual(before);
    expect((await call(ctx, 'POST', '/api/companies/list', { bulstat })).body.Result.Total).toBe(0);
    // The same client saves once the bank is right.
    expect((await save(newClient({ bulstat, bank: { iban: IBAN, currency: bgn } }))).status).toBe(200);
  });

  it('keeps bulstat unique among clients (blanks and letter case aside)', async () => {
    const first = await createClient(ctx);
    const again = await save(
      newClient({ bulstat: ` ${String(first.bulstat).slice(0, 3)} ${String(first.bulstat).slice(3)} ` }),
    );
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      Type: 0,
      Message: 'bulstat_already_exists',
      Errors: [{ field: 'bulstat', message: 'bulstat_already_exists' }],
    });
    const foreign = await createClient(ctx, { bulstat: 'IT01234567890', vatNumber: 'IT01234567890' });
    expect((await save(newClient({ bulstat: 'it01234567890' }))).body.Message).toBe('bulstat_already_exists');
    // Saving a client with its own bulstat is no clash.
    const { office: _office, ...rest } = newClient({
      _id: foreign._id,
      bulstat: 'IT01234567890',
      vatNumber: 'IT01234567890',
    });
    expect((await save(rest)).status).toBe(200);
  });

  it('warns about a wrong EIK check digit and a malformed BG VAT number, and saves anyway', async () => {
    const bad = await save(newClient({ bulstat: '175800111', vatNumber: 'BG1758' }));
    expect(bad.status).toBe(200);
    expect(bad.body.Result.warnings).toEqual(['bulstat_checksum', 'vat_number_format']);
    const foreign = await save(newClient({ bulstat: 'RSSMRA80A01H501U', vatNumber: 'IT09876543210' }));
    expect(foreign.body.Result.warnings).toEqual([]);
  });

  it('lets only management create and change clients', async () => {
    for (const role of ['employee', 'accountant', 'client'] as const) {
      const response = await save(newClient(), ctx.users[role].token);
      expect([role, response.status]).toEqual([role, 403]);
    }
    expect((await save(newClient(), ctx.users.manager.token)).status).toBe(200);
  });
});

describe('updating a client', () => {
  it('changes the fields, keeps what an update leaves out, and logs old and new documents', async () => {
    const created = await createClient(ctx, { managingUsersAll: true, status: true });
    const { office: _office, ...body } = newClient({
      _id: created._id,
      bulstat: created.bulstat,
      vatNumber: created.vatNumber,
      name: t('Ново име', 'Nuovo nome'),
      status: false,
    });
    const updated = await save(body);
    expect(updated.status).toBe(200);
    expect(updated.body.Result).toMatchObject({
      name: t('Ново име', 'Nuovo nome'),
      status: false,
      managingUsersAll: true,
      warnings: [],
    });
    expect(updated.body.Result).not.toHaveProperty('office');
    const rows = await logsOf(ctx, created._id);
    expect(rows.map((r) => r.type)).toEqual(['create', 'update']);
    expect(rows[1].documents).toMatchObject({
      old: { name: created.name, status: true },
      new: { name: t('Ново име', 'Nuovo nome'), status: false },
    });
    expect((await save({ ...body, _id: crypto.randomUUID() })).body).toEqual({
      Type: 0,
      Message: 'the_client_was_not_found',
    });
    expect((await save({ ...body, office: headquarters() })).body.Errors).toEqual([
      { field: 'office', message: 'invalid_value' },
    ]);
  });

  it('saves the access lists: client users are active client users, managing users and the referent staff users', async () => {
    const created = await createClient(ctx);
    const { office: _office, ...base } = newClient({
      _id: created._id,
      bulstat: created.bulstat,
      vatNumber: created.vatNumber,
    });
    const access = {
      referent: ctx.users.employee.id,
      managingUsers: [ctx.users.employee.id, ctx.users.manager.id],
      clientUsers: [ctx.users.client.id],
      managingUsersAll: true,
    };
    const saved = await save({ ...base, ...access });
    expect(saved.status).toBe(200);
    expect(saved.body.Result).toMatchObject({ ...access, referentName: { it: expect.stringContaining('Nome') } });
    const wrong = await save({
      ...base,
      referent: ctx.users.client.id,
      managingUsers: [ctx.users.client.id],
      clientUsers: [ctx.users.employee.id, crypto.randomUUID()],
    });
    expect(errorsOf(wrong.body)).toEqual({
      referent: 'invalid_value',
      'managingUsers.0': 'invalid_value',
      'clientUsers.0': 'invalid_value',
      'clientUsers.1': 'invalid_value',
    });

    // A deactivated user may stay on the client, but not be newly added.
    const leaving = await ctx.createUser(Access.client, { status: UserStatus.inactive });
    expect(errorsOf((await save({ ...base, clientUsers: [leaving.id] })).body)).toEqual({
      'clientUsers.0': 'invalid_value',
    });
    const staying = await ctx.createUser(Access.client);
    expect((await save({ ...base, clientUsers: [staying.id] })).status).toBe(200);
    await ctx.database.db.execute(sql`update users set status = 0 where id = ${staying.id}`);
    expect((await save({ ...base, clientUsers: [staying.id] })).status).toBe(200);
    // Left out of an update, the lists stay.
    expect((await save(base)).body.Result.clientUsers).toEqual([staying.id]);
  });
});

describe('the clients list', () => {
  let ids: Record<string, string>;
  const list = async (body: object, token?: string) => {
    const response = await call(ctx, 'POST', '/api/companies/list', { itemsPerPage: 200, ...body }, token);
    expect(response.status).toBe(200);
    return response.body.Result as { Items: Array<{ _id: string; name: { bg: string } }>; Total: number; Page: number };
  };
  beforeAll(async () => {
    const make = async (key: string, extra: object) =>
      [key, (await createClient(ctx, { name: t(`Сигма ${key}`, `Sigma ${key}`), ...extra }))._id] as const;
    ids = Object.fromEntries(
      await Promise.all([
        make('Алфа', {
          name: t('Алфа Трейд ЕООД', 'Alfa Trade S.r.l.'),
          phone: '+359 1',
          email: 'alfa@example.bg',
          referent: ctx.users.employee.id,
        }),
        make('Бета', { name: t('Бета Консулт', 'Beta Consulenza'), managingUsers: [ctx.users.manager.id] }),
        make('Гама', { name: t('Гама Инвест', 'Gamma Investimenti'), status: false }),
      ]),
    );
  });

  it('answers the list columns, active clients by Bulgarian name by default', async () => {
    const result = await list({ name: 'а' });
    expect(result.Items[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(Object),
      bulstat: expect.any(String),
      vatNumber: expect.any(String),
      phone: expect.any(String),
      email: expect.any(String),
      status: true,
      paymentTermDays: null,
    });
    const names = result.Items.map((item) => item.name.bg);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(result.Items.map((i) => i._id)).not.toContain(ids.Гама);
  });

  it('filters by name in either language, case-insensitive, any part of it', async () => {
    expect((await list({ name: 'алфа трейд' })).Items.map((i) => i._id)).toEqual([ids.Алфа]);
    expect((await list({ name: 'TRADE S.R' })).Items.map((i) => i._id)).toEqual([ids.Алфа]);
    expect((await list({ name: 'ета кон' })).Items.map((i) => i._id)).toEqual([ids.Бета]);
    expect((await list({ name: 'fa' })).Items.map((i) => i._id)).toContain(ids.Алфа);
    expect((await list({ name: '100%' })).Total).toBe(0);
  });

  it('filters by bulstat, VAT number, status, referent and managing users', async () => {
    const alfa = (await call(ctx, 'GET', `/api/companies/${ids.Алфа}`)).body.Result;
    expect((await list({ bulstat: alfa.bulstat.slice(2, 7) })).Items.map((i) => i._id)).toContain(ids.Алфа);
    expect((await list({ bulstat: alfa.bulstat })).Items.map((i) => i._id)).toEqual([ids.Алфа]);
    expect((await list({ vatNumber: alfa.vatNumber.toLowerCase() })).Items.map((i) => i._id)).toEqual([ids.Алфа]);
    expect((await list({ name: 'Гама' })).Total).toBe(0);
    expect((await list({ name: 'Гама', status: false })).Items.map((i) => i._id)).toEqual([ids.Гама]);
    expect((await list({ name: 'Гама', status: null })).Total).toBe(1);
    expect((await list({ referent: ctx.users.employee.id, name: 'Алфа' })).Items.map((i) => i._id)).toEqual([ids.Алфа]);
    const managed = (await list({ managingUsers: [ctx.users.manager.id] })).Items.map((i) => i._id);
    expect(managed).toContain(ids.Бета);
    expect(managed).not.toContain(ids.Алфа);
  });

  it('answers a filtered list in the order of the whole list (its matches sorted, or the sort index walked), ties by id', async () => {
    const made = [
      (await createClient(ctx, { name: t('Ксилофон Юг', 'Xilofono Sud') }))._id,
      (await createClient(ctx, { name: t('Ксилофон Юг', 'Xilofono Nord') }))._id,
      (await createClient(ctx, { name: t('Ксилофон Север', 'Xilofono Est'), status: false }))._id,
      (await createClient(ctx, { name: t('Бял ксилофон', 'Xilofono bianco') }))._id,
    ];
    for (const sortBy of ['name', 'name.bg', 'name.it', 'status', 'created', 'bulstat'])
      for (const sortDesc of [false, true]) {
        const whole = await list({ status: null, sortBy: [sortBy], sortDesc: [sortDesc] });
        expect(whole.Total).toBe(whole.Items.length);
        const expected = whole.Items.map((i) => i._id).filter((id) => made.includes(id));
        const filtered = await list({ status: null, name: 'КСИЛОФОН', sortBy: [sortBy], sortDesc: [sortDesc] });
        expect([filtered.Total, filtered.Items.map((i) => i._id)]).toEqual([4, expected]);
        const second = await list({
          status: null,
          name: 'ксилофон',
          sortBy: [sortBy],
          sortDesc: [sortDesc],
          itemsPerPage: 1,
          page: 2,
        });
        expect(second.Items.map((i) => i._id)).toEqual([expected[1]]);
      }
    // The autocomplete (name, bulstat or VAT number) answers them in the list's name order too.
    const byName = (await list({ status: null, sortBy: ['name'] })).Items.map((i) => i._id).filter((id) =>
      made.includes(id),
    );
    const searched = (await call(ctx, 'POST', '/api/companies/search', { name: 'ксилофон', status: null })).body.Result;
    expect([searched.Total, searched.Items.map((i: { _id: string }) => i._id)]).toEqual([4, byName]);
  });

  it('sorts by whitelisted columns only and pages with a total', async () => {
    const byPhone = await list({ sortBy: ['phone'], sortDesc: [true], name: 'а' });
    const phones = byPhone.Items.map((i) => (i as unknown as { phone: string }).phone);
    expect(phones).toEqual([...phones].sort().reverse());
    const page = await list({ itemsPerPage: 1, page: 2, name: 'а', status: null });
    expect(page).toMatchObject({ Page: 2, Total: 3, Items: [{ _id: ids.Бета }] });
    for (const sortBy of ['name', 'bulstat', 'vatNumber', 'phone', 'email', 'status', 'created'])
      expect((await list({ sortBy })).Total).toBeGreaterThan(0);
    const bad = await call(ctx, 'POST', '/api/companies/list', { sortBy: 'comment' });
    expect(bad.status).toBe(400);
  });

  it('answers the autocomplete by name, bulstat or VAT number, 15 rows by default, and getClients with active clients only', async () => {
    const alfa = (await call(ctx, 'GET', `/api/companies/${ids.Алфа}`)).body.Result;
    const byName = (await call(ctx, 'POST', '/api/companies/search', { page: 1, name: 'трейд' })).body.Result;
    expect(byName.Items).toEqual([
      {
        _id: ids.Алфа,
        name: alfa.name,
        bulstat: alfa.bulstat,
        vatNumber: alfa.vatNumber,
        status: true,
        paymentTermDays: null,
      },
    ]);
    expect(
      (await call(ctx, 'POST', '/api/companies/search', { name: alfa.bulstat })).body.Result.Items.map(
        (i: { _id: string }) => i._id,
      ),
    ).toEqual([ids.Алфа]);
    expect(
      (await call(ctx, 'POST', '/api/companies/search', { name: alfa.vatNumber.toLowerCase() })).body.Result.Items.map(
        (i: { _id: string }) => i._id,
      ),
    ).toEqual([ids.Алфа]);
    expect((await call(ctx, 'POST', '/api/companies/search', { name: 'Гама' })).body.Result.Total).toBe(0);
    expect((await call(ctx, 'POST', '/api/companies/search', { name: 'Гама', status: null })).body.Result.Total).toBe(
      1,
    );
    const all = (await call(ctx, 'POST', '/api/companies/search', {})).body.Result;
    expect(all.Items.length).toBe(Math.min(15, all.Total));
    const options = (await call(ctx, 'POST', '/api/metaData/getClients', {})).body.Result as Array<{
      _id: string;
      name: object;
    }>;
    expect(options.map((o) => o._id)).toContain(ids.Алфа);
    expect(options.map((o) => o._id)).not.toContain(ids.Гама);
    expect(Object.keys(options[0]).sort()).toEqual(['_id', 'name']);
    const bodiless = await ctx.app.inject({
      method: 'POST',
      url: '/api/metaData/getClients',
      headers: bearer(ctx.users.admin.token),
    });
    expect([bodiless.statusCode, bodiless.json().Result.length]).toEqual([200, options.length]);
    expect((await call(ctx, 'POST', '/api/metaData/getClients', { name: 'бета конс' })).body.Result).toEqual([
      { _id: ids.Бета, name: t('Бета Консулт', 'Beta Consulenza') },
    ]);
  });

  it('the first office is the headquarters', async () => {
    const [office] = await ctx.database.db.select().from(offices).where(eq(offices.companyId, ids.Алфа));
    expect(office.isHeadquarters).toBe(true);
  });
});
