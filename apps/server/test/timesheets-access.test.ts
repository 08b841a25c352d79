/**
 * Who may call what: every timesheets call with a real body for every role (the matrix decides), and an
 * employee never reaches another employee's row, by the list, by id, by a save or by an export.
 */
import { ALL_ACCESS, canAccess, Permissions, ROLE_NAMES } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call } from './helpers.ts';
import { daysAgo, row, saveRows, setUpTimesheets, type TimesheetSetup } from './timesheets-fixtures.ts';

let s: TimesheetSetup;
let otherRow: string;
beforeAll(async () => {
  s = await setUpTimesheets();
  [{ _id: otherRow }] = await saveRows(s, [row(s, { comment: 'Чужд ред' })], s.employee2.token);
});
afterAll(() => s.ctx.close());

const users = () => Object.values(s.ctx.users);

describe('timesheets calls by role', () => {
  const calls = () => [
    { permission: 'timesheets' as const, method: 'POST' as const, url: '/api/timesheets/list', body: () => ({}) },
    { permission: 'timesheets' as const, method: 'GET' as const, url: '/api/timesheets/:id', body: () => undefined },
    {
      permission: 'timesheets' as const,
      method: 'POST' as const,
      url: '/api/timesheets/save',
      body: () => [row(s, { date: daysAgo(2) })],
    },
    {
      permission: 'timesheetsReports' as const,
      method: 'POST' as const,
      url: '/api/timesheets/export',
      body: () => ({ client: s.visible }),
    },
    {
      permission: 'timesheetsReports' as const,
      method: 'POST' as const,
      url: '/api/timesheets/print',
      body: () => ({ client: s.visible }),
    },
    {
      permission: 'timesheetsDelete' as const,
      method: 'POST' as const,
      url: '/api/timesheets/remove',
      body: () => ({}),
    },
  ];

  it('covers every timesheets route of the app', () => {
    const routes = s.ctx.app.apiRoutes
      .filter((route) => route.url.startsWith('/api/timesheets'))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.sort()).toEqual(
      calls()
        .map((c) => `${c.method} ${c.url}`)
        .sort(),
    );
    for (const route of s.ctx.app.apiRoutes.filter((r) => r.url.startsWith('/api/timesheets'))) {
      expect(calls().find((c) => c.url === route.url)?.permission).toBe(route.permission);
    }
  });

  it('answers each role as the matrix says, with the real call', async () => {
    for (const c of calls()) {
      for (const access of ALL_ACCESS) {
        const user = users().find((u) => u.access === access)!;
        // A row of the caller's own (an employee's GET must find one), a fresh one to delete for each call.
        const [own] = canAccess(Permissions.timesheets, access)
          ? await saveRows(s, [row(s)], user.token)
          : [{ _id: otherRow }];
        const url = c.url.replace(':id', own._id);
        const body = c.url.endsWith('/remove') ? { timesheetId: own._id } : c.body();
        const response = await s.ctx.app.inject({
          method: c.method,
          url,
          headers: bearer(user.token),
          payload: body as object | undefined,
        });
        const label = `${c.method} ${c.url} as ${ROLE_NAMES[access]}`;
        if (canAccess(Permissions[c.permission], access)) expect([label, response.statusCode]).toEqual([label, 200]);
        else expect([label, response.statusCode, response.json().Message]).toEqual([label, 403, 'forbidden']);
      }
    }
  });
});

describe("an employee and another employee's row", () => {
  it('is never in the list, whatever the filter', async () => {
    for (const body of [
      {},
      { user: s.employee2.id },
      { client: s.visible },
      { contract: s.contractA._id },
      { services: [s.services.first] },
      { fromDate: daysAgo(30) },
    ]) {
      const response = await call(
        s.ctx,
        'POST',
        '/api/timesheets/list',
        { ...body, itemsPerPage: 200 },
        s.ctx.users.employee.token,
      );
      expect(response.status).toBe(200);
      expect(
        response.body.Result.Items.some(
          (item: { _id: string; user: string }) => item._id === otherRow || item.user !== s.ctx.users.employee.id,
        ),
      ).toBe(false);
    }
  });

  it('is not found by id, nor by a save (one object or in an array), and stays unchanged', async () => {
    const read = await call(s.ctx, 'GET', `/api/timesheets/${otherRow}`, undefined, s.ctx.users.employee.token);
    expect([read.status, read.body.Message]).toEqual([404, 'not_found']);
    for (const body of [
      row(s, { _id: otherRow, comment: 'Подменен' }),
      [row(s, { _id: otherRow, comment: 'Подменен' })],
    ]) {
      const save = await call(s.ctx, 'POST', '/api/timesheets/save', body, s.ctx.users.employee.token);
      expect(save.status).toBe(404);
    }
    const stored = await call(s.ctx, 'GET', `/api/timesheets/${otherRow}`);
    expect(stored.body.Result).toMatchObject({ comment: 'Чужд ред', user: s.employee2.id });
  });

  it('cannot be exported nor printed by an employee', async () => {
    for (const url of ['/api/timesheets/export', '/api/timesheets/print']) {
      const response = await call(s.ctx, 'POST', url, { user: s.employee2.id }, s.ctx.users.employee.token);
      expect(response.status).toBe(403);
    }
  });
});
