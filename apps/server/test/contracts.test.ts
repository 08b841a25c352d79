import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractSetup,
  contractBody,
  contractIn,
  createContract,
  errorsOf,
  setUpContracts,
  t,
} from './contracts-fixtures.ts';
import { EXACT_COUNT_LIMIT } from '../src/db/sql-helpers.ts';
import { call, logsOf } from './helpers.ts';

let s: ContractSetup;
beforeAll(async () => {
  s = await setUpContracts();
});
afterAll(() => s.ctx.close());

describe('contract save', () => {
  it('creates a draft with the party snapshots and logs it', async () => {
    const response = await call(s.ctx, 'POST', '/api/contracts/save', contractBody(s));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Type: 1, Message: 'saved_successfully' });
    const contract = response.body.Result;
    expect(contract).toMatchObject({
      status: 0,
      issued: false,
      providerId: s.myCompany,
      providerBank: s.providerBank,
      providerBank2: s.providerBank2,
      customerId: s.visible,
      customerBank: s.visibleBank,
      pricePerMonth: 450.25,
      currency: s.eur,
      currencyCode: 'EUR',
      invoiceMonthlyInterval: 1,
      isAdvance: false,
      companyName: t('Видим ООД', 'Visibile Srl'),
      servicesCount: 0,
      registeredOn: null,
      rights: { canEdit: true, canRegister: true, canCancel: false, canUnregister: false, canSeePrices: true },
    });
    expect(contract.provider).toMatchObject({
      name: t('Кантора ООД', 'Kantora Srl'),
      bulstat: '201234567',
      bank: { bankId: s.providerBank, currency: 'BGN' },
      bank2: { bankId: s.providerBank2, currency: 'EUR' },
    });
    expect(contract.provider.address.city).toEqual(t('София', 'Sofia'));
    expect(contract.customer).toMatchObject({
      name: t('Видим ООД', 'Visibile Srl'),
      bank: { bankId: s.visibleBank, currency: 'EUR' },
    });
    expect(contract.customer.address.street).toEqual(t('ул. Шипка 1', 'via Shipka 1'));
    expect(contract.createdByName).toEqual(expect.objectContaining({ bg: expect.any(String) }));
    const logs = await logsOf(s.ctx, contract._id);
    expect(logs.map((l) => [l.name, l.action, l.type])).toEqual([['Contract', 'save', 'create']]);
  });

  it('answers please_fill_all_required_fields with every field error', async () => {
    const response = await call(s.ctx, 'POST', '/api/contracts/save', { name: { bg: '' } });
    expect(response.status).toBe(400);
    expect(response.body.Type).toBe(0);
    expect(response.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(response.body)).toMatchObject({
      'name.bg': 'field_is_required',
      fromDate: 'field_is_required',
      toDate: 'field_is_required',
      currency: 'field_is_required',
      pricePerMonth: 'field_is_required',
    });
  });

  it('checks the period, the interval, the money and the email', async () => {
    const response = await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      contractBody(s, {
        fromDate: '2026-05-01',
        toDate: '2026-04-30',
        invoiceMonthlyInterval: 2,
        pricePerMonth: 1.005,
        email: 'nope',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(response.body)).toEqual({
      toDate: 'end_date_before_start_date',
      invoiceMonthlyInterval: 'invalid_value',
      pricePerMonth: 'invalid_value',
      email: 'email_valid',
    });
    for (const interval of [1, 3, 6, 12]) {
      expect(
        (await call(s.ctx, 'POST', '/api/contracts/save', contractBody(s, { invoiceMonthlyInterval: interval })))
          .status,
      ).toBe(200);
    }
  });

  it('refuses picks that do not fit: banks of others, a BGN bank as the EUR one, unknown ids', async () => {
    const response = await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      contractBody(s, {
        providerBank: s.providerBank2,
        providerBank2: s.visibleBank,
        customerBank: s.providerBank,
        currency: randomUUID(),
        providerId: randomUUID(),
        managingUsers: [s.ctx.users.client.id],
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.Message).toBe('please_fill_all_required_fields');
    expect(errorsOf(response.body)).toEqual({
      providerBank: 'default_bank_currency_mismatch',
      providerBank2: 'invalid_value',
      customerBank: 'invalid_value',
      currency: 'invalid_value',
      providerId: 'invalid_value',
      'managingUsers.0': 'invalid_value',
    });
    const noCustomer = await call(s.ctx, 'POST', '/api/contracts/save', contractBody(s, { customerId: null }));
    expect([noCustomer.status, errorsOf(noCustomer.body)]).toEqual([400, { customerBank: 'invalid_value' }]);
    const unknownClient = await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      contractBody(s, { customerId: randomUUID(), customerBank: null }),
    );
    expect([unknownClient.status, errorsOf(unknownClient.body)]).toEqual([400, { customerId: 'invalid_value' }]);
  });

  it('saves a draft without a customer or banks, and updates it with fresh snapshots', async () => {
    const draft = await createContract(s, {
      customerId: null,
      customerBank: null,
      providerBank: null,
      providerBank2: null,
      managingUsers: [s.ctx.users.employee.id],
    });
    expect(draft).toMatchObject({
      customerId: null,
      customer: null,
      companyName: null,
      provider: { bank: null, bank2: null },
      managingUsers: [s.ctx.users.employee.id],
    });
    const updated = await call(
      s.ctx,
      'POST',
      '/api/contracts/save',
      contractBody(s, { _id: draft._id, pricePerMonth: 99, isAdvance: true, invoiceDate: '2026-02-05' }),
      s.ctx.users.manager.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.Result).toMatchObject({
      _id: draft._id,
      customerId: s.visible,
      pricePerMonth: 99,
      isAdvance: true,
      invoiceDate: '2026-02-05',
      customer: { name: t('Видим ООД', 'Visibile Srl') },
    });
    expect((await logsOf(s.ctx, draft._id)).map((l) => l.type)).toEqual(['create', 'update']);
  });

  it('lets only management save (403), and answers 404 for an unknown contract', async () => {
    for (const role of ['employee', 'accountant', 'client'] as const) {
      expect((await call(s.ctx, 'POST', '/api/contracts/save', contractBody(s), s.ctx.users[role].token)).status).toBe(
        403,
      );
    }
    const unknown = await call(s.ctx, 'POST', '/api/contracts/save', contractBody(s, { _id: randomUUID() }));
    expect([unknown.status, unknown.body.Message]).toEqual([404, 'the_contract_was_not_found']);
    expect((await call(s.ctx, 'GET', `/api/contracts/${randomUUID()}`)).body.Message).toBe(
      'the_contract_was_not_found',
    );
  });

  it('refuses to edit a registered or canceled contract (409)', async () => {
    for (const state of ['registered', 'canceled'] as const) {
      const contract = await contractIn(s, state);
      const response = await call(
        s.ctx,
        'POST',
        '/api/contracts/save',
        contractBody(s, { _id: contract._id, pricePerMonth: 1 }),
      );
      expect([response.status, response.body.Type, response.body.Message]).toEqual([409, 0, 'contract_not_draft']);
    }
  });
});

describe('contract visibility', () => {
  it('follows the customer: an employee who does not see the client gets 404 on every call', async () => {
    const hidden = await contractIn(s, 'draft', { customerId: s.hidden, customerBank: null });
    const employee = s.ctx.users.employee.token;
    const get = await call(s.ctx, 'GET', `/api/contracts/${hidden._id}`, undefined, employee);
    expect([get.status, get.body.Message]).toEqual([404, 'the_contract_was_not_found']);
    expect(
      (await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: hidden._id }, employee)).status,
    ).toBe(404);
    expect((await call(s.ctx, 'POST', '/api/documents/list', { contractId: hidden._id }, employee)).status).toBe(404);
    const list = await call(s.ctx, 'POST', '/api/contracts/list', { itemsPerPage: 200 }, employee);
    expect(list.body.Result.Items.some((row: { _id: string }) => row._id === hidden._id)).toBe(false);
    const byClient = await call(s.ctx, 'POST', '/api/contracts/list', { customerId: s.hidden }, employee);
    expect(byClient.body.Result).toMatchObject({ Items: [], Total: 0 });
    const search = await call(
      s.ctx,
      'POST',
      '/api/contracts/search',
      { name: 'Счетоводно', itemsPerPage: 200 },
      employee,
    );
    expect(search.body.Result.Items.some((row: { _id: string }) => row._id === hidden._id)).toBe(false);
    const lookup = await call(
      s.ctx,
      'POST',
      '/api/metaData/getClientContracts',
      { clientId: s.hidden, statuses: [0, 1, 2, 3] },
      employee,
    );
    expect([lookup.status, lookup.body.Message]).toEqual([404, 'the_client_was_not_found']);
    // The accountant sees every client, so every contract.
    expect(
      (await call(s.ctx, 'GET', `/api/contracts/${hidden._id}`, undefined, s.ctx.users.accountant.token)).status,
    ).toBe(200);
  });

  it('shows the employee the contracts of the clients they see, read-only, without prices of services', async () => {
    const contract = await contractIn(s, 'draft');
    const employee = s.ctx.users.employee.token;
    const view = await call(s.ctx, 'GET', `/api/contracts/${contract._id}`, undefined, employee);
    expect(view.status).toBe(200);
    expect(view.body.Result.rights).toEqual({
      canEdit: false,
      canRegister: false,
      canCancel: false,
      canChangeBanks: false,
      canUnregister: false,
      canEditServices: false,
      canEditDocuments: false,
      canSeePrices: false,
      canSeeBilling: false,
    });
    const rows = await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: contract._id }, employee);
    expect(rows.body.Result.Items).toHaveLength(1);
    expect(Object.hasOwn(rows.body.Result.Items[0], 'price')).toBe(false);
    expect(
      Object.hasOwn(
        (await call(s.ctx, 'GET', `/api/contract-services/${rows.body.Result.Items[0]._id}`, undefined, employee)).body
          .Result,
        'price',
      ),
    ).toBe(false);
    expect(
      (
        await call(
          s.ctx,
          'POST',
          '/api/contract-services/list',
          { contractId: contract._id, sortBy: 'price' },
          employee,
        )
      ).status,
    ).toBe(400);
    const asAccountant = await call(
      s.ctx,
      'POST',
      '/api/contract-services/list',
      { contractId: contract._id },
      s.ctx.users.accountant.token,
    );
    expect(asAccountant.body.Result.Items[0].price).toBe(120.5);
    // A contract without a customer is seen only by those who see every client.
    const orphan = await createContract(s, { customerId: null, customerBank: null });
    expect((await call(s.ctx, 'GET', `/api/contracts/${orphan._id}`, undefined, employee)).status).toBe(404);
    expect(
      (await call(s.ctx, 'GET', `/api/contracts/${orphan._id}`, undefined, s.ctx.users.manager.token)).status,
    ).toBe(200);
  });
});

describe('contracts list', () => {
  let other: string;
  beforeAll(async () => {
    other = (
      await call(s.ctx, 'POST', '/api/companies/save', {
        name: t('Филтър АД', 'Filtro SpA'),
        bulstat: '175074752',
        vatNumber: 'BG175074752',
        office: {
          country: t('България', 'Bulgaria'),
          city: t('Русе', 'Ruse'),
          street: t('ул. Борисова 5', 'via Borisova 5'),
          phone: '+359 82 000 000',
          email: 'x@filter.bg',
        },
      })
    ).body.Result._id;
    await contractIn(s, 'draft', { customerId: other, customerBank: null, name: t('Филтър чернова', 'Filtro bozza') });
    await contractIn(s, 'registered', {
      customerId: other,
      customerBank: null,
      name: t('Филтър активен', 'Filtro attivo'),
    });
    await contractIn(s, 'canceled', {
      customerId: other,
      customerBank: null,
      name: t('Филтър прекратен', 'Filtro annullato'),
    });
    await contractIn(s, 'registered', {
      customerId: other,
      customerBank: null,
      name: t('Филтър изтекъл', 'Filtro scaduto'),
      fromDate: '2024-01-01',
      toDate: '2025-01-31',
    });
  });

  const names = (result: { Items: Array<{ name: { bg: string } }> }) => result.Items.map((row) => row.name.bg);

  it('filters by client, bulstat, VAT number and every status (expired derived)', async () => {
    const list = async (body: object) =>
      (await call(s.ctx, 'POST', '/api/contracts/list', { itemsPerPage: 200, ...body })).body.Result;
    const byClient = await list({ customerId: other });
    expect(byClient.Total).toBe(4);
    expect(names(byClient)).toEqual(['Филтър изтекъл', 'Филтър прекратен', 'Филтър активен', 'Филтър чернова']);
    expect(byClient.Items[0]).toEqual({
      _id: expect.any(String),
      name: t('Филтър изтекъл', 'Filtro scaduto'),
      customerId: other,
      companyName: t('Филтър АД', 'Filtro SpA'),
      fromDate: '2024-01-01',
      toDate: '2025-01-31',
      status: 3,
      created: expect.any(String),
    });
    expect(names(await list({ clientId: other, status: 0 }))).toEqual(['Филтър чернова']);
    expect(names(await list({ customerId: other, status: 1 }))).toEqual(['Филтър активен']);
    expect(names(await list({ customerId: other, status: 2 }))).toEqual(['Филтър прекратен']);
    expect(names(await list({ customerId: other, status: 3 }))).toEqual(['Филтър изтекъл']);
    expect(names(await list({ bulstat: '5074 75' })).length).toBe(4);
    expect(names(await list({ vatNumber: 'bg17507' })).length).toBe(4);
    expect(names(await list({ bulstat: '175074752', status: 3 }))).toEqual(['Филтър изтекъл']);
    expect((await list({ bulstat: '999999999' })).Total).toBe(0);
  });

  it('sorts by created descending by default, by whitelisted columns only, and pages', async () => {
    const first = (await call(s.ctx, 'POST', '/api/contracts/list', { customerId: other, itemsPerPage: 2 })).body
      .Result;
    expect([first.Total, first.Page, names(first)]).toEqual([4, 1, ['Филтър изтекъл', 'Филтър прекратен']]);
    const last = (await call(s.ctx, 'POST', '/api/contracts/list', { customerId: other, itemsPerPage: 2, page: 3 }))
      .body.Result;
    expect([last.Total, last.Items]).toEqual([4, []]);
    const byName = (
      await call(s.ctx, 'POST', '/api/contracts/list', { customerId: other, sortBy: ['name'], sortDesc: [false] })
    ).body.Result;
    expect(names(byName)).toEqual(['Филтър активен', 'Филтър изтекъл', 'Филтър прекратен', 'Филтър чернова']);
    const byStatus = (
      await call(s.ctx, 'POST', '/api/contracts/list', { customerId: other, sortBy: 'status', sortDesc: true })
    ).body.Result;
    expect(byStatus.Items.map((row: { status: number }) => row.status)).toEqual([3, 2, 1, 0]);
    for (const sortBy of ['companyName', 'fromDate', 'toDate', 'name.it']) {
      expect((await call(s.ctx, 'POST', '/api/contracts/list', { sortBy })).status).toBe(200);
    }
    const bad = await call(s.ctx, 'POST', '/api/contracts/list', { sortBy: 'price_per_month' });
    expect([bad.status, bad.body.Message]).toEqual([400, 'invalid_value']);
    expect((await call(s.ctx, 'POST', '/api/contracts/list', { status: 7 })).status).toBe(400);
  });

  it('pages through the rows of one long page, in the same order, for every order and status, as management and as an employee', async () => {
    const orders = [
      {},
      { status: 1 },
      { status: 3 },
      { status: 0 },
      { sortBy: ['status'], sortDesc: [true] },
      { sortBy: ['companyName'] },
      { sortBy: ['name.it'], sortDesc: [true] },
      { sortBy: ['toDate'], status: 3 },
    ];
    for (const token of [s.ctx.users.manager.token, s.ctx.users.employee.token]) {
      for (const body of orders) {
        const list = async (extra: object) =>
          (await call(s.ctx, 'POST', '/api/contracts/list', { ...body, ...extra }, token)).body.Result as {
            Items: Array<{ _id: string }>;
            Total: number;
          };
        const whole = await list({ itemsPerPage: 200 });
        expect(whole.Total).toBe(whole.Items.length);
        const paged: Array<{ _id: string }> = [];
        for (let page = 1; page <= Math.ceil(whole.Total / 3); page += 1) {
          const one = await list({ itemsPerPage: 3, page });
          expect(one.Total).toBe(whole.Total);
          paged.push(...one.Items);
        }
        expect(paged).toEqual(whole.Items);
      }
    }
    // The employee sees the contracts of their clients only (visibility inside the page's ids), some of them here.
    const seen = (await call(s.ctx, 'POST', '/api/contracts/list', { itemsPerPage: 200 }, s.ctx.users.employee.token))
      .body.Result.Total;
    const all = (await call(s.ctx, 'POST', '/api/contracts/list', { itemsPerPage: 200 })).body.Result.Total;
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(all);
  });

  it("searches contracts for the autocomplete and lists a client's contracts for the pickers", async () => {
    const search = (await call(s.ctx, 'POST', '/api/contracts/search', { clientId: other, name: 'ФИЛТЪР акт' })).body
      .Result;
    expect(search.Items).toEqual([
      {
        _id: expect.any(String),
        name: t('Филтър активен', 'Filtro attivo'),
        customerId: other,
        companyName: t('Филтър АД', 'Filtro SpA'),
        fromDate: '2026-01-01',
        toDate: '2099-12-31',
        status: 1,
        currency: s.eur,
        currencyCode: 'EUR',
      },
    ]);
    expect(
      (await call(s.ctx, 'POST', '/api/contracts/search', { clientId: other, name: 'fi' })).body.Result.Total,
    ).toBe(4);
    expect(
      (await call(s.ctx, 'POST', '/api/contracts/search', { customerId: other, status: 2 })).body.Result.Items.map(
        (r: { status: number }) => r.status,
      ),
    ).toEqual([2]);
    const active = await call(
      s.ctx,
      'POST',
      '/api/metaData/getClientContracts',
      { clientId: other },
      s.ctx.users.manager.token,
    );
    expect(active.body.Result.map((r: { name: { bg: string } }) => r.name.bg)).toEqual(['Филтър активен']);
    const all = await call(s.ctx, 'POST', '/api/metaData/getClientContracts', { clientId: other, statuses: [1, 3] });
    expect(all.body.Result.map((r: { status: number }) => r.status)).toEqual([1, 3]);
    expect((await call(s.ctx, 'POST', '/api/metaData/getClientContracts', {})).body.Message).toBe('field_is_required');
  });

  it('derives expired from the end date in Europe/Sofia, with no job', async () => {
    const contract = await contractIn(s, 'registered', {
      customerId: other,
      customerBank: null,
      name: t('Изтича', 'Scade'),
    });
    expect(contract.status).toBe(1);
    await s.ctx.database.db.execute(
      sql`update contracts set from_date = '2020-01-01', to_date = ((now() at time zone 'Europe/Sofia')::date - 1) where id = ${contract._id}`,
    );
    const view = (await call(s.ctx, 'GET', `/api/contracts/${contract._id}`)).body.Result;
    expect([view.status, view.rights.canCancel, view.rights.canUnregister]).toEqual([3, false, true]);
    await s.ctx.database.db.execute(
      sql`update contracts set to_date = (now() at time zone 'Europe/Sofia')::date where id = ${contract._id}`,
    );
    expect((await call(s.ctx, 'GET', `/api/contracts/${contract._id}`)).body.Result.status).toBe(1);
  });
});

describe('contracts list total past the exact-count limit', () => {
  it('answers the estimate when the planner expects more than the limit, else counts exactly', async () => {
    const few = (await call(s.ctx, 'POST', '/api/contracts/list', { status: 2 })).body.Result;
    expect(few).not.toHaveProperty('Estimated');
    const source = (await createContract(s, { name: t('Много', 'Molti') }))._id;
    await s.ctx.database.db.execute(
      sql`insert into contracts select (jsonb_populate_record(null::contracts, to_jsonb(c) || jsonb_build_object('id', gen_random_uuid()))).* from contracts c, generate_series(1, ${EXACT_COUNT_LIMIT + 200}) where c.id = ${source}`,
    );
    await s.ctx.database.db.execute(sql`analyze contracts`);
    const drafts = (await call(s.ctx, 'POST', '/api/contracts/list', { status: 0 })).body.Result;
    expect(drafts.Estimated).toBe(true);
    expect(drafts.Total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(drafts.Items).toHaveLength(15);
    // A filter with few rows stays exact, and the canceled ones are the same as before.
    const canceled = (await call(s.ctx, 'POST', '/api/contracts/list', { status: 2 })).body.Result;
    expect([canceled.Total, canceled.Estimated]).toEqual([few.Total, undefined]);
  });
});
