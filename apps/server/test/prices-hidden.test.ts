import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { row, saveRows, type TimesheetSetup, setUpTimesheets } from './timesheets-fixtures.ts';

/**
 * Employees record time; prices are commercial data for management and accounting. No call an employee may make
 * answers a price, amount or total of contracts or services (seesPrices in packages/domain/src/roles.ts); management
 * gets them.
 */
let s: TimesheetSetup;
beforeAll(async () => {
  s = await setUpTimesheets();
});
afterAll(() => s.ctx.close());

const employee = () => s.ctx.users.employee.token;
const manager = () => s.ctx.users.manager.token;

/** Every key of a JSON value that holds a price, an amount or a money total (a list's `Total` is a count; a flag like `canSeePrices` holds none). */
function priceKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => priceKeys(item, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/price|amount|^total$|^totals$|sum$/i.test(key) && key !== 'Total' && typeof inner !== 'boolean'
      ? [`${path}.${key}`]
      : []),
    ...priceKeys(inner, `${path}.${key}`),
  ]);
}

describe('prices hidden from employees', () => {
  it('GET /api/metaData/getServices: no price for an employee, the catalog price for management', async () => {
    const asEmployee = await call(s.ctx, 'GET', '/api/metaData/getServices', undefined, employee());
    expect(asEmployee.status).toBe(200);
    const mine = asEmployee.body.Result as Array<Record<string, unknown>>;
    expect(mine.map((item) => item._id)).toEqual(expect.arrayContaining([s.services.first, s.services.second]));
    for (const item of mine) expect(Object.hasOwn(item, 'price')).toBe(false);
    expect(mine.find((item) => item._id === s.services.first)).toMatchObject({ code: 'S1', name: { bg: 'Услуга S1' } });
    for (const token of [manager(), s.ctx.users.accountant.token]) {
      const asOther = (await call(s.ctx, 'GET', '/api/metaData/getServices', undefined, token)).body.Result as Array<
        Record<string, unknown>
      >;
      expect(asOther.find((item) => item._id === s.services.first)?.price).toBe(120.5);
    }
  });

  it("GET /api/contracts/{id}: no price per month for an employee, the contract's for management", async () => {
    const asEmployee = await call(s.ctx, 'GET', `/api/contracts/${s.contractA._id}`, undefined, employee());
    expect(asEmployee.status).toBe(200);
    expect(Object.hasOwn(asEmployee.body.Result, 'pricePerMonth')).toBe(false);
    expect(asEmployee.body.Result.rights.canSeePrices).toBe(false);
    expect(priceKeys(asEmployee.body.Result)).toEqual([]);
    const asManager = await call(s.ctx, 'GET', `/api/contracts/${s.contractA._id}`, undefined, manager());
    expect(asManager.body.Result.pricePerMonth).toBe(450.25);
    expect(asManager.body.Result.rights.canSeePrices).toBe(true);
  });

  it("the contract's service rows: no price for an employee, the contract's price for management", async () => {
    const list = await call(s.ctx, 'POST', '/api/contract-services/list', { contractId: s.contractA._id }, employee());
    expect(list.body.Result.Items.length).toBeGreaterThan(0);
    for (const item of list.body.Result.Items) expect(Object.hasOwn(item, 'price')).toBe(false);
    const one = await call(
      s.ctx,
      'GET',
      `/api/contract-services/${list.body.Result.Items[0]._id}`,
      undefined,
      employee(),
    );
    expect(Object.hasOwn(one.body.Result, 'price')).toBe(false);
    const asManager = await call(
      s.ctx,
      'POST',
      '/api/contract-services/list',
      { contractId: s.contractA._id },
      manager(),
    );
    expect(asManager.body.Result.Items.map((item: { price: number }) => item.price).sort()).toEqual([120.5, 80]);
  });

  it('no other call an employee makes on contracts, clients, timesheets, documents or the calendar answers a price', async () => {
    const [saved] = await saveRows(s, [row(s)]);
    const calls: Array<[method: 'GET' | 'POST', url: string, body?: unknown]> = [
      ['POST', '/api/contracts/list', { itemsPerPage: 200 }],
      ['POST', '/api/contracts/search', { name: 'Сч' }],
      ['POST', '/api/metaData/getClientContracts', { clientId: s.visible, statuses: [0, 1, 2, 3] }],
      ['POST', '/api/contract-services/list', { contractId: s.contractB._id }],
      ['POST', '/api/documents/list', { contractId: s.contractA._id }],
      ['POST', '/api/timesheets/list', { itemsPerPage: 200 }],
      ['GET', `/api/timesheets/${saved._id}`],
      ['POST', '/api/companies/list', { itemsPerPage: 200 }],
      ['GET', `/api/companies/${s.visible}`],
      ['GET', '/api/metaData/getMyCompany'],
      ['GET', '/api/metaData/getInvoiceDefaults'],
      ['POST', '/api/documents-flow/list', {}],
      ['POST', '/api/events/list', { fromDate: '2026-01-01', toDate: '2026-01-31' }],
    ];
    expect(priceKeys(saved)).toEqual([]);
    for (const [method, url, body] of calls) {
      const response = await call(s.ctx, method, url, body, employee());
      expect([url, response.status]).toEqual([url, 200]);
      expect([url, priceKeys(response.body.Result)]).toEqual([url, []]);
    }
  });
});
