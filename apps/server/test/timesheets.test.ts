import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheets } from '../src/db/schema/index.ts';
import { contractIn } from './contracts-fixtures.ts';
import { call, logsOf } from './helpers.ts';
import {
  backdate,
  daysAgo,
  errorsOf,
  row,
  saveRows,
  setUpTimesheets,
  t,
  type TimesheetSetup,
} from './timesheets-fixtures.ts';

let s: TimesheetSetup;
beforeAll(async () => {
  s = await setUpTimesheets();
});
afterAll(() => s.ctx.close());

const rowCount = async () => {
  const [{ n }] = await s.ctx.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(timesheets);
  return n;
};

describe('timesheet save', () => {
  it('saves several rows for two contracts in one call, as the caller, and logs each', async () => {
    const response = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      [
        row(s),
        row(s, { service: s.services.second, duration: 30, comment: '' }),
        row(s, { contract: s.contractB._id, date: daysAgo(0), duration: 480 }),
      ],
      s.ctx.users.employee.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ Type: 1, Message: 'saved_successfully' });
    const saved = response.body.Result as Array<Record<string, any>>;
    expect(saved).toHaveLength(3);
    expect(saved[0]).toMatchObject({
      user: s.ctx.users.employee.id,
      client: s.visible,
      clientName: t('Видим ООД', 'Visibile Srl'),
      contract: s.contractA._id,
      contractName: t('Счетоводство', 'Contabilità'),
      service: s.services.first,
      serviceCode: 'S1',
      serviceName: t('Услуга S1', 'Servizio S1'),
      date: daysAgo(1),
      duration: 90,
      comment: 'Осчетоводяване на фактури',
      locked: false,
      canEdit: true,
      canDelete: false,
      lockDays: 10,
    });
    expect(saved[0].userName.bg).toMatch(/Тестов/);
    expect(saved[2]).toMatchObject({ contract: s.contractB._id, duration: 480, date: daysAgo(0) });
    const logs = await logsOf(s.ctx, saved[1]._id);
    expect(logs.map((log) => [log.name, log.action, log.type])).toEqual([['Timesheet', 'save', 'create']]);
    expect(logs[0].documents).toMatchObject({ old: null, new: { duration: 30, service: s.services.second } });
  });

  it('answers every refused row under its index and saves none of them', async () => {
    const before = await rowCount();
    const response = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      [
        row(s),
        row(s, { date: daysAgo(-1) }),
        row(s, { contract: s.contractB._id, service: s.services.second }),
        row(s, { contract: s.hiddenContract._id }),
        row(s, { duration: 0 }),
        row(s, { client: '' }),
      ],
      s.ctx.users.employee.token,
    );
    expect(response.status).toBe(400);
    expect(response.body.Type).toBe(0);
    expect(errorsOf(response.body)).toEqual({
      '4.duration': 'timesheet_duration_range',
      '5.client': 'field_is_required',
    });
    const rules = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      [
        row(s),
        row(s, { date: daysAgo(-1) }),
        row(s, { contract: s.contractB._id, service: s.services.second }),
        row(s, { contract: s.hiddenContract._id }),
        row(s, { client: s.hidden }),
      ],
      s.ctx.users.employee.token,
    );
    expect(rules.status).toBe(400);
    expect(errorsOf(rules.body)).toEqual({
      '1.date': 'date_in_future',
      '2.service': 'timesheet_service_not_in_contract',
      '3.contract': 'invalid_value',
      '4.client': 'the_client_was_not_found',
    });
    expect(await rowCount()).toBe(before);
  });

  it('takes 1 to 1440 whole minutes and 1 to 50 rows', async () => {
    const durations = await call(s.ctx, 'POST', '/api/timesheets/save', [
      row(s, { duration: 1441 }),
      row(s, { duration: 1.5 }),
      row(s, { duration: -5 }),
      row(s, { duration: null }),
    ]);
    expect(errorsOf(durations.body)).toEqual({
      '0.duration': 'timesheet_duration_range',
      '1.duration': 'timesheet_duration_range',
      '2.duration': 'timesheet_duration_range',
      '3.duration': 'field_is_required',
    });
    expect(
      (await call(s.ctx, 'POST', '/api/timesheets/save', [row(s, { duration: 1440 }), row(s, { duration: 1 })])).status,
    ).toBe(200);
    expect((await call(s.ctx, 'POST', '/api/timesheets/save', [])).status).toBe(400);
    const tooMany = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      Array.from({ length: 51 }, () => row(s)),
    );
    expect([tooMany.status, tooMany.body.Message]).toEqual([400, 'too_many_items']);
  });

  it('needs a registered contract that has not expired nor been canceled', async () => {
    const draft = await contractIn(s, 'draft');
    const canceled = await contractIn(s, 'canceled');
    const expired = await contractIn(s, 'registered', { fromDate: '2020-01-01', toDate: '2020-12-31' });
    const response = await call(s.ctx, 'POST', '/api/timesheets/save', [
      row(s, { contract: draft._id }),
      row(s, { contract: canceled._id }),
      row(s, { contract: expired._id }),
    ]);
    expect(response.status).toBe(400);
    expect(errorsOf(response.body)).toEqual({
      '0.contract': 'timesheet_contract_not_active',
      '1.contract': 'timesheet_contract_not_active',
      '2.contract': 'timesheet_contract_not_active',
    });
    const unknown = await call(s.ctx, 'POST', '/api/timesheets/save', row(s, { contract: randomUUID() }));
    expect(errorsOf(unknown.body)).toEqual({ contract: 'invalid_value' });
  });

  it('creates one row from one object and updates a row by its id', async () => {
    const created = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      row(s, { duration: 45 }),
      s.ctx.users.employee.token,
    );
    expect(created.status).toBe(200);
    expect(created.body.Result).toMatchObject({ duration: 45, user: s.ctx.users.employee.id });
    const id = created.body.Result._id as string;
    const updated = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      row(s, { _id: id, contract: s.contractB._id, duration: 75, comment: 'Промяна' }),
      s.ctx.users.employee.token,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.Result).toMatchObject({
      _id: id,
      contract: s.contractB._id,
      duration: 75,
      comment: 'Промяна',
      user: s.ctx.users.employee.id,
    });
    expect(updated.body.Result.updated).toEqual(expect.any(String));
    const logs = await logsOf(s.ctx, id);
    expect(logs.map((log) => log.type)).toEqual(['create', 'update']);
    expect(logs[1].documents).toMatchObject({ old: { duration: 45 }, new: { duration: 75 } });
    const invalid = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      row(s, { _id: id, date: daysAgo(-3) }),
      s.ctx.users.employee.token,
    );
    expect(errorsOf(invalid.body)).toEqual({ date: 'date_in_future' });
  });

  it('keeps the contract a row has after it is canceled, but no new row goes on it', async () => {
    const contract = await contractIn(s, 'registered', { name: t('За анулиране', 'Da annullare') });
    const [saved] = await saveRows(s, [row(s, { contract: contract._id })]);
    await call(s.ctx, 'POST', '/api/contracts/cancel', { contractId: contract._id, cancelationReason: 'Край' });
    const kept = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      row(s, { _id: saved._id, contract: contract._id, comment: 'Само коментар' }),
      s.ctx.users.employee.token,
    );
    expect(kept.status).toBe(200);
    const moved = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      row(s, { _id: saved._id, contract: s.contractA._id }),
      s.ctx.users.employee.token,
    );
    expect(moved.status).toBe(200);
    const back = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      row(s, { _id: saved._id, contract: contract._id }),
      s.ctx.users.employee.token,
    );
    expect(errorsOf(back.body)).toEqual({ contract: 'timesheet_contract_not_active' });
  });
});

describe('the lock window', () => {
  it('locks a row 10 days after its creation for everyone but the admin', async () => {
    const [fresh, nine, old] = await saveRows(s, [row(s), row(s, { comment: '9' }), row(s, { comment: '11' })]);
    await backdate(s, nine._id, 9);
    await backdate(s, old._id, 11);
    const asEmployee = (id: string) =>
      call(s.ctx, 'GET', `/api/timesheets/${id}`, undefined, s.ctx.users.employee.token);
    expect((await asEmployee(fresh._id)).body.Result).toMatchObject({ locked: false, canEdit: true });
    expect((await asEmployee(nine._id)).body.Result).toMatchObject({ locked: false, canEdit: true });
    expect((await asEmployee(old._id)).body.Result).toMatchObject({ locked: true, canEdit: false, canDelete: false });

    const save = (token: string) =>
      call(s.ctx, 'POST', '/api/timesheets/save', row(s, { _id: old._id, comment: 'Късно' }), token);
    const employee = await save(s.ctx.users.employee.token);
    expect([employee.status, employee.body.Message]).toEqual([409, 'timesheet_locked']);
    const manager = await save(s.ctx.users.manager.token);
    expect([manager.status, manager.body.Message]).toEqual([409, 'timesheet_locked']);
    const inArray = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      [row(s), row(s, { _id: old._id })],
      s.ctx.users.employee.token,
    );
    expect(inArray.status).toBe(409);

    const asAdmin = await call(s.ctx, 'GET', `/api/timesheets/${old._id}`);
    expect(asAdmin.body.Result).toMatchObject({ locked: false, canEdit: true, canDelete: true });
    const admin = await save(s.ctx.users.admin.token);
    expect(admin.status).toBe(200);
    expect(admin.body.Result).toMatchObject({ comment: 'Късно', user: s.ctx.users.employee.id });
  });

  it('follows TIMESHEET_LOCK_DAYS', async () => {
    const { setUpTimesheets: setUp } = await import('./timesheets-fixtures.ts');
    const other = await setUp({ TIMESHEET_LOCK_DAYS: '2' });
    try {
      const [saved] = await saveRows(other, [row(other)]);
      await backdate(other, saved._id, 3);
      const view = await call(
        other.ctx,
        'GET',
        `/api/timesheets/${saved._id}`,
        undefined,
        other.ctx.users.employee.token,
      );
      expect(view.body.Result).toMatchObject({ locked: true, lockDays: 2 });
    } finally {
      await other.ctx.close();
    }
  });
});

describe('timesheet list', () => {
  let mine: Array<{ _id: string }>;
  let theirs: Array<{ _id: string }>;
  beforeAll(async () => {
    await s.ctx.database.db.delete(timesheets);
    mine = await saveRows(s, [
      row(s, { date: daysAgo(3), duration: 60 }),
      row(s, { date: daysAgo(2), duration: 120, service: s.services.second }),
      row(s, { contract: s.contractB._id, date: daysAgo(1), duration: 30 }),
    ]);
    theirs = await saveRows(s, [row(s, { date: daysAgo(5), duration: 15 })], s.employee2.token);
    await saveRows(s, [row(s, { date: daysAgo(0), duration: 200 })], s.ctx.users.manager.token);
  });

  const list = (body: object = {}, token = s.ctx.users.manager.token) =>
    call(s.ctx, 'POST', '/api/timesheets/list', body, token);

  it('shows management every row, newest first, with the sum of the durations', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    const result = response.body.Result;
    expect(result).toMatchObject({ Total: 5, Page: 1, TotalDuration: 425 });
    expect(result.Estimated).toBeUndefined();
    expect(result.Items[0]).toMatchObject({ duration: 200, user: s.ctx.users.manager.id });
    const created = result.Items.map((item: { created: string }) => item.created);
    expect([...created].sort().reverse()).toEqual(created);
    expect(result.Items[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        userName: expect.any(Object),
        clientName: expect.any(Object),
        serviceName: expect.any(Object),
        date: expect.any(String),
        created: expect.any(String),
      }),
    );
  });

  it('shows an employee their own rows only, whatever the filter', async () => {
    const own = await list({}, s.ctx.users.employee.token);
    expect(own.body.Result).toMatchObject({ Total: 3, TotalDuration: 210 });
    expect(new Set(own.body.Result.Items.map((item: { user: string }) => item.user))).toEqual(
      new Set([s.ctx.users.employee.id]),
    );
    const asking = await list({ user: s.employee2.id }, s.ctx.users.employee.token);
    expect(asking.body.Result).toMatchObject({ Items: [], Total: 0, TotalDuration: 0 });
    const other = await list({}, s.employee2.token);
    expect(other.body.Result.Items.map((item: { _id: string }) => item._id)).toEqual(theirs.map((item) => item._id));
  });

  it('filters by client, user, services, contract and dates', async () => {
    expect((await list({ client: s.visible })).body.Result).toMatchObject({ Total: 5 });
    expect((await list({ client: s.hidden })).body.Result).toMatchObject({ Total: 0, TotalDuration: 0 });
    expect((await list({ user: s.ctx.users.employee.id })).body.Result).toMatchObject({ Total: 3, TotalDuration: 210 });
    expect((await list({ employee: s.employee2.id })).body.Result).toMatchObject({ Total: 1, TotalDuration: 15 });
    expect((await list({ services: [s.services.second] })).body.Result).toMatchObject({ Total: 1, TotalDuration: 120 });
    expect((await list({ services: s.services.first })).body.Result).toMatchObject({ Total: 4 });
    expect((await list({ contract: s.contractB._id })).body.Result).toMatchObject({ Total: 1, TotalDuration: 30 });
    expect((await list({ fromDate: daysAgo(3), toDate: daysAgo(1) })).body.Result).toMatchObject({
      Total: 3,
      TotalDuration: 210,
    });
    expect((await list({ fromDate: daysAgo(2) })).body.Result).toMatchObject({ Total: 3, TotalDuration: 350 });
    expect((await list({ toDate: daysAgo(4) })).body.Result).toMatchObject({ Total: 1, TotalDuration: 15 });
    expect(
      (await list({ user: s.ctx.users.employee.id, fromDate: daysAgo(2), services: [s.services.first] })).body.Result,
    ).toMatchObject({ Total: 1, TotalDuration: 30 });
  });

  it('sorts by date or creation and pages', async () => {
    const byDate = await list({ sortBy: 'date', sortDesc: false });
    expect(byDate.body.Result.Items.map((item: { date: string }) => item.date)).toEqual([
      daysAgo(5),
      daysAgo(3),
      daysAgo(2),
      daysAgo(1),
      daysAgo(0),
    ]);
    const second = await list({ sortBy: ['date'], sortDesc: [true], page: 2, itemsPerPage: 2 });
    expect(second.body.Result).toMatchObject({ Total: 5, Page: 2, TotalDuration: 425 });
    expect(second.body.Result.Items.map((item: { date: string }) => item.date)).toEqual([daysAgo(2), daysAgo(3)]);
    // A narrow date range pages day by day (the date index), in the same order as the whole list.
    const ids = async (body: object) => (await list(body)).body.Result.Items.map((item: { _id: string }) => item._id);
    const all = await ids({ itemsPerPage: 50 });
    const allAscending = await ids({ itemsPerPage: 50, sortBy: 'created', sortDesc: false });
    for (const page of [1, 2, 3]) {
      expect(await ids({ fromDate: daysAgo(30), toDate: daysAgo(0), page, itemsPerPage: 2 })).toEqual(
        all.slice((page - 1) * 2, page * 2),
      );
      expect(
        await ids({
          fromDate: daysAgo(30),
          toDate: daysAgo(0),
          sortBy: 'created',
          sortDesc: false,
          page,
          itemsPerPage: 2,
        }),
      ).toEqual(allAscending.slice((page - 1) * 2, page * 2));
    }
    const past = await list({ page: 9 });
    expect(past.body.Result).toMatchObject({ Items: [], Total: 5 });
    expect((await list({ sortBy: 'duration' })).status).toBe(400);
    const range = await list({ fromDate: daysAgo(1), toDate: daysAgo(3) });
    expect([range.status, errorsOf(range.body)]).toEqual([400, { toDate: 'end_date_before_start_date' }]);
  });

  it('answers a row by id to whoever sees it, 404 to other employees', async () => {
    const id = theirs[0]._id;
    expect((await call(s.ctx, 'GET', `/api/timesheets/${id}`, undefined, s.employee2.token)).status).toBe(200);
    expect((await call(s.ctx, 'GET', `/api/timesheets/${id}`, undefined, s.ctx.users.manager.token)).status).toBe(200);
    const other = await call(s.ctx, 'GET', `/api/timesheets/${id}`, undefined, s.ctx.users.employee.token);
    expect([other.status, other.body.Message]).toEqual([404, 'not_found']);
    const save = await call(s.ctx, 'POST', '/api/timesheets/save', row(s, { _id: id }), s.ctx.users.employee.token);
    expect(save.status).toBe(404);
    const inArray = await call(
      s.ctx,
      'POST',
      '/api/timesheets/save',
      [row(s, { _id: id })],
      s.ctx.users.employee.token,
    );
    expect(inArray.status).toBe(404);
    expect((await call(s.ctx, 'GET', `/api/timesheets/${randomUUID()}`)).status).toBe(404);
    expect((await call(s.ctx, 'GET', `/api/timesheets/${id}`)).body.Result).toMatchObject({
      _id: id,
      user: s.employee2.id,
      comment: 'Осчетоводяване на фактури',
    });
    expect(mine).toHaveLength(3);
  });
});

describe('timesheet remove', () => {
  it('is for the admin only, and logged', async () => {
    const [saved] = await saveRows(s, [row(s)]);
    for (const token of [s.ctx.users.employee.token, s.ctx.users.manager.token]) {
      const refused = await call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: saved._id }, token);
      expect(refused.status).toBe(403);
    }
    const removed = await call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: saved._id });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ Type: 1, Message: 'deleted_successfully', Result: true });
    expect((await call(s.ctx, 'GET', `/api/timesheets/${saved._id}`)).status).toBe(404);
    const logs = await logsOf(s.ctx, saved._id);
    expect(logs.map((log) => [log.type, log.action])).toEqual([
      ['create', 'save'],
      ['delete', 'remove'],
    ]);
    expect((await call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: saved._id })).status).toBe(404);
    expect((await call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: '' })).status).toBe(400);
  });
});
