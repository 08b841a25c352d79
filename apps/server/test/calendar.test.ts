import { randomUUID } from 'node:crypto';
import { Access } from '@kantora/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { eventInvitations, logs } from '../src/db/schema/index.ts';
import { call, createTestContext, logsOf, type TestContext } from './helpers.ts';

let ctx: TestContext;
let meeting: string;
let deadline: string;
/** A second employee (invitee). */
let colleague: { id: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const saved = async (name: string, color: string) =>
    (await call(ctx, 'POST', '/api/settings/event-categories/save', { name: { bg: name, it: name }, color })).body
      .Result._id as string;
  meeting = await saved('Среща', '#1565C0');
  deadline = await saved('Срок', '#EF6C00');
  const user = await ctx.createUser(Access.employee);
  colleague = { id: user.id, token: await ctx.signIn(user.email) };
});
afterAll(() => ctx.close());

type Role = 'admin' | 'manager' | 'employee' | 'accountant' | 'client';
const as = (role: Role) => ctx.users[role].token;
const errorsOf = (body: { Errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.Errors ?? []).map((e) => [e.field, e.message]));

const timed = (overrides: Record<string, unknown> = {}) => ({
  category: meeting,
  title: 'Среща с клиент',
  comment: 'Зала 2',
  fromDate: '2031-03-10T08:00:00.000Z',
  toDate: '2031-03-10T09:30:00.000Z',
  invited: [],
  ...overrides,
});
const allDay = (overrides: Record<string, unknown> = {}) => ({
  category: deadline,
  title: 'Краен срок',
  allDay: true,
  fromDate: '2031-03-12',
  toDate: '2031-03-13',
  ...overrides,
});

async function save(body: object, token = as('manager')) {
  return call(ctx, 'POST', '/api/events/save', body, token);
}
async function created(body: object, token = as('manager')) {
  const response = await save(body, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.Result;
}
const listIds = async (token: string, range: object = { fromDate: '2031-03-01', toDate: '2031-03-31' }) =>
  ((await call(ctx, 'POST', '/api/events/list', range, token)).body.Result.Items as { _id: string }[]).map(
    (e) => e._id,
  );
const invitationOf = async (eventId: string, userId: string) =>
  (
    await ctx.database.db
      .select()
      .from(eventInvitations)
      .where(and(eq(eventInvitations.eventId, eventId), eq(eventInvitations.userId, userId)))
  )[0];

describe('saving events', () => {
  it('creates a timed and an all-day event, answering them with category colour and creator name', async () => {
    const event = await created(timed());
    expect(event).toMatchObject({
      allDay: false,
      fromDate: '2031-03-10T08:00:00.000Z',
      toDate: '2031-03-10T09:30:00.000Z',
      categoryColor: '#1565C0',
      categoryName: { bg: 'Среща' },
    });
    expect(event.createdByName.bg).toContain('Име');
    expect(event.user).toBe(ctx.users.manager.id);
    const day = await created(allDay());
    expect(day).toMatchObject({ allDay: true, fromDate: '2031-03-12', toDate: '2031-03-13', categoryColor: '#EF6C00' });
    const listed = (
      await call(ctx, 'POST', '/api/events/list', { fromDate: '2031-03-12', toDate: '2031-03-12' }, as('admin'))
    ).body.Result;
    expect(listed.Items.map((e: { _id: string }) => e._id)).toEqual([day._id]);
    expect(listed.Items[0]).toMatchObject({
      userName: { bg: expect.any(String) },
      createdByName: expect.any(Object),
      categoryColor: '#EF6C00',
    });
  });

  it('keeps all-day events on their Europe/Sofia days, also over a change to summer time', async () => {
    const event = await created(allDay({ fromDate: '2031-03-30', toDate: '2031-03-30', title: 'Смяна на часа' }));
    const got = await call(ctx, 'GET', `/api/events/${event._id}`, undefined, as('manager'));
    expect(got.body.Result).toMatchObject({ fromDate: '2031-03-30', toDate: '2031-03-30' });
    expect(await listIds(as('manager'), { fromDate: '2031-03-30', toDate: '2031-03-30' })).toEqual([event._id]);
    expect(await listIds(as('manager'), { fromDate: '2031-03-31', toDate: '2031-04-02' })).not.toContain(event._id);
    expect(await listIds(as('manager'), { fromDate: '2031-03-29', toDate: '2031-03-29' })).not.toContain(event._id);
  });

  it('refuses toDate before fromDate, with the same key for days and times', async () => {
    const times = await save(timed({ toDate: '2031-03-10T07:59:00.000Z' }));
    expect(times.status).toBe(400);
    expect(errorsOf(times.body)).toEqual({ toDate: 'end_date_before_start_date' });
    const days = await save(allDay({ fromDate: '2031-03-13', toDate: '2031-03-12' }));
    expect(errorsOf(days.body)).toEqual({ toDate: 'end_date_before_start_date' });
  });

  it('requires the title, category and both dates, and the right date form for all-day events', async () => {
    const response = await save({ title: ' ', category: '', fromDate: null });
    expect(response.status).toBe(400);
    expect(errorsOf(response.body)).toEqual({
      title: 'field_is_required',
      category: 'field_is_required',
      fromDate: 'field_is_required',
      toDate: 'field_is_required',
    });
    const wrongForm = await save(allDay({ fromDate: '2031-03-12T08:00:00.000Z' }));
    expect(errorsOf(wrongForm.body)).toEqual({ fromDate: 'invalid_date' });
    const unknownCategory = await save(timed({ category: randomUUID() }));
    expect(errorsOf(unknownCategory.body)).toEqual({ category: 'invalid_value' });
  });

  it('lets management invite any active staff user and others only employees', async () => {
    const byManager = await save(timed({ invited: [ctx.users.accountant.id, ctx.users.employee.id] }));
    expect(byManager.status).toBe(200);
    const byEmployee = await save(timed({ invited: [ctx.users.accountant.id] }), as('employee'));
    expect(byEmployee.status).toBe(400);
    expect(errorsOf(byEmployee.body)).toEqual({ invited: 'invalid_value' });
    expect((await save(timed({ invited: [ctx.users.client.id] }))).status).toBe(400);
    expect((await save(timed({ invited: [colleague.id] }), as('employee'))).status).toBe(200);
  });
});

describe('who sees which event', () => {
  let byManager: string;
  let byEmployee: string;
  let byAccountant: string;
  beforeAll(async () => {
    const range = { fromDate: '2032-05-04T08:00:00.000Z', toDate: '2032-05-04T09:00:00.000Z' };
    byManager = (await created(timed({ ...range, title: 'Управата', invited: [ctx.users.employee.id] })))._id;
    byEmployee = (await created(timed({ ...range, title: 'Служителят' }), as('employee')))._id;
    byAccountant = (
      await created(timed({ ...range, title: 'Счетоводителят', invited: [colleague.id] }), as('accountant'))
    )._id;
  });
  const range = { fromDate: '2032-05-01', toDate: '2032-05-31' };

  it('management sees every event; others the events they created and those they are invited to', async () => {
    expect((await listIds(as('admin'), range)).sort()).toEqual([byManager, byEmployee, byAccountant].sort());
    expect((await listIds(as('manager'), range)).sort()).toEqual([byManager, byEmployee, byAccountant].sort());
    expect((await listIds(as('employee'), range)).sort()).toEqual([byManager, byEmployee].sort());
    expect(await listIds(as('accountant'), range)).toEqual([byAccountant]);
    expect(await listIds(colleague.token, range)).toEqual([byAccountant]);
  });

  it('answers 404 for one event or its invitations the user may not see', async () => {
    const cases: Array<[string, string, number]> = [
      [as('employee'), byAccountant, 404],
      [as('employee'), byManager, 200],
      [as('accountant'), byEmployee, 404],
      [as('accountant'), byManager, 404],
      [colleague.token, byAccountant, 200],
      [as('manager'), byAccountant, 200],
      [as('admin'), byEmployee, 200],
    ];
    for (const [token, id, status] of cases) {
      expect((await call(ctx, 'GET', `/api/events/${id}`, undefined, token)).status).toBe(status);
      expect((await call(ctx, 'GET', `/api/events/${id}/invitations`, undefined, token)).status).toBe(status);
    }
    expect((await call(ctx, 'GET', `/api/events/${randomUUID()}`, undefined, as('admin'))).status).toBe(404);
    expect((await call(ctx, 'POST', '/api/events/list', range, as('client'))).status).toBe(403);
  });

  it('filters by category and by employee (created by or invited)', async () => {
    expect((await listIds(as('manager'), { ...range, employee: ctx.users.employee.id })).sort()).toEqual(
      [byManager, byEmployee].sort(),
    );
    expect(await listIds(as('manager'), { ...range, employee: colleague.id })).toEqual([byAccountant]);
    expect(await listIds(as('manager'), { ...range, category: [deadline] })).toEqual([]);
    expect((await listIds(as('manager'), { ...range, category: meeting })).length).toBe(3);
  });

  it('lets the creator or management edit, others not', async () => {
    const event = (await call(ctx, 'GET', `/api/events/${byEmployee}`, undefined, as('employee'))).body.Result;
    const body = {
      _id: byEmployee,
      category: event.category,
      title: 'Преименувано',
      fromDate: event.fromDate,
      toDate: event.toDate,
    };
    expect((await save(body, as('employee'))).status).toBe(200);
    expect((await save({ ...body, title: 'От управата' }, as('manager'))).body.Result.title).toBe('От управата');
    // Invited but not the creator: may see, may not edit.
    const invitedEdit = await save(
      { _id: byManager, category: meeting, title: 'Не', fromDate: event.fromDate, toDate: event.toDate },
      as('employee'),
    );
    expect(invitedEdit.status).toBe(403);
    // Not visible at all: 404.
    expect((await save({ ...body, title: 'Не' }, as('accountant'))).status).toBe(404);
    const rows = await logsOf(ctx, byEmployee);
    expect(rows.map((r) => [r.name, r.type, r.createdBy])).toEqual([
      ['Event', 'create', ctx.users.employee.id],
      ['Event', 'update', ctx.users.employee.id],
      ['Event', 'update', ctx.users.manager.id],
    ]);
    expect(rows[2].documents).toMatchObject({ old: { title: 'Преименувано' }, new: { title: 'От управата' } });
  });

  it('lets only management delete, logging the event with its invitations', async () => {
    expect((await call(ctx, 'POST', '/api/events/remove', { eventId: byEmployee }, as('employee'))).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/events/remove', { eventId: byManager }, as('accountant'))).status).toBe(403);
    const removed = await call(ctx, 'POST', '/api/events/remove', { eventId: byManager }, as('manager'));
    expect(removed.body).toEqual({ Type: 1, Message: 'deleted_successfully', Result: true });
    expect((await call(ctx, 'GET', `/api/events/${byManager}`, undefined, as('admin'))).status).toBe(404);
    expect((await call(ctx, 'POST', '/api/events/remove', { eventId: byManager }, as('admin'))).status).toBe(404);
    const last = (await logsOf(ctx, byManager)).at(-1)!;
    expect([last.name, last.type, last.action]).toEqual(['Event', 'delete', 'remove']);
    expect(last.documents).toMatchObject({
      old: { title: 'Управата', invitations: [{ user: ctx.users.employee.id, status: null }] },
      new: null,
    });
  });
});

describe('invitations', () => {
  it('creates one pending invitation per invited user and drops pending ones no longer invited, keeping answers', async () => {
    const [a, b, c] = [ctx.users.employee.id, colleague.id, ctx.users.accountant.id];
    const event = await created(
      timed({ fromDate: '2033-01-10T08:00:00.000Z', toDate: '2033-01-10T09:00:00.000Z', invited: [a, b] }),
    );
    const first = (await call(ctx, 'GET', `/api/events/${event._id}/invitations`, undefined, as('manager'))).body
      .Result;
    expect(first.map((i: { user: string; status: unknown }) => [i.user, i.status]).sort()).toEqual(
      [
        [a, null],
        [b, null],
      ].sort(),
    );
    const invitationA = await invitationOf(event._id, a);
    expect(
      (await call(ctx, 'POST', '/api/events/invitation/accept', { eventInvitationId: invitationA.id }, as('employee')))
        .status,
    ).toBe(200);

    await created({
      ...timed({ fromDate: '2033-01-10T08:00:00.000Z', toDate: '2033-01-10T09:00:00.000Z' }),
      _id: event._id,
      invited: [c],
    });
    const after = (await call(ctx, 'GET', `/api/events/${event._id}/invitations`, undefined, as('manager'))).body
      .Result;
    const byUser = Object.fromEntries(after.map((i: { user: string }) => [i.user, i]));
    expect(Object.keys(byUser).sort()).toEqual([a, c].sort());
    expect(byUser[a]).toMatchObject({
      status: true,
      isAlreadyAnswered: true,
      stillInvited: false,
      acceptedOn: expect.any(String),
    });
    expect(byUser[c]).toMatchObject({ status: null, stillInvited: true });
    // The un-invited employee no longer sees the event.
    expect((await call(ctx, 'GET', `/api/events/${event._id}`, undefined, colleague.token)).status).toBe(404);
    const names = (await ctx.database.db.select().from(logs).where(eq(logs.name, 'EventInvitation'))).map(
      (r) => `${r.type}:${r.action}`,
    );
    expect(names).toEqual(expect.arrayContaining(['create:save', 'delete:save', 'update:accept']));
  });

  it('answers once: accept, then a second answer is refused with 409', async () => {
    const event = await created(timed({ invited: [ctx.users.employee.id] }));
    const invitation = await invitationOf(event._id, ctx.users.employee.id);
    const mine = (await call(ctx, 'GET', '/api/events/myEventInvitations', undefined, as('employee'))).body.Result;
    expect(mine.map((i: { _id: string }) => i._id)).toContain(invitation.id);
    const accepted = await call(
      ctx,
      'POST',
      '/api/events/invitation/accept',
      { eventInvitationId: invitation.id },
      as('employee'),
    );
    expect(accepted.body).toMatchObject({ Type: 1, Result: { isAlreadyAnswered: true } });
    const again = await call(
      ctx,
      'POST',
      '/api/events/invitation/refuse',
      { eventInvitationId: invitation.id, reason: 'Късно' },
      as('employee'),
    );
    expect([again.status, again.body.Message]).toEqual([409, 'invitation_already_answered']);
    const twice = await call(
      ctx,
      'POST',
      '/api/events/invitation/accept',
      { eventInvitationId: invitation.id },
      as('employee'),
    );
    expect(twice.status).toBe(409);
    const after = (await call(ctx, 'GET', '/api/events/myEventInvitations', undefined, as('employee'))).body.Result;
    expect(after.map((i: { _id: string }) => i._id)).not.toContain(invitation.id);
    const rows = await logsOf(ctx, invitation.id);
    expect(rows.map((r) => [r.type, r.action, r.createdBy])).toEqual([
      ['create', 'save', ctx.users.manager.id],
      ['update', 'accept', ctx.users.employee.id],
    ]);
    expect(rows[1].documents).toMatchObject({ old: { status: null }, new: { status: true, via: 'app' } });
  });

  it('refuses with a required reason, shown to the creator', async () => {
    const event = await created(timed({ invited: [colleague.id] }));
    const invitation = await invitationOf(event._id, colleague.id);
    const blank = await call(
      ctx,
      'POST',
      '/api/events/invitation/refuse',
      { eventInvitationId: invitation.id, reason: '  ' },
      colleague.token,
    );
    expect([blank.status, errorsOf(blank.body)]).toEqual([400, { reason: 'field_is_required' }]);
    const missing = await call(
      ctx,
      'POST',
      '/api/events/invitation/refuse',
      { eventInvitationId: invitation.id },
      colleague.token,
    );
    expect(missing.status).toBe(400);
    const refused = await call(
      ctx,
      'POST',
      '/api/events/invitation/refuse',
      { eventInvitationId: invitation.id, reason: 'В отпуск съм' },
      colleague.token,
    );
    expect(refused.status).toBe(200);
    const list = (await call(ctx, 'GET', `/api/events/${event._id}/invitations`, undefined, as('manager'))).body.Result;
    expect(list[0]).toMatchObject({
      status: false,
      refusedReason: 'В отпуск съм',
      refusedOn: expect.any(String),
      acceptedOn: null,
    });
    const own = await call(ctx, 'GET', `/api/events/invitation/${invitation.id}`, undefined, colleague.token);
    expect(own.body.Result).toMatchObject({
      status: false,
      isAlreadyAnswered: true,
      refusedReason: 'В отпуск съм',
      event: { title: 'Среща с клиент' },
    });
    expect(
      (await call(ctx, 'GET', `/api/events/invitation/${invitation.id}`, undefined, as('accountant'))).status,
    ).toBe(404);
  });

  it('works on the public page without a token, and its preview reveals only the preview fields', async () => {
    const event = await created(timed({ invited: [ctx.users.employee.id, colleague.id], comment: 'Вход от двора' }));
    const invitation = await invitationOf(event._id, colleague.id);
    const preview = await ctx.app.inject({ method: 'GET', url: `/api/events/invitation/preview/${invitation.id}` });
    expect(preview.statusCode).toBe(200);
    const result = preview.json().Result;
    expect(Object.keys(result).sort()).toEqual(['event', 'isAlreadyAnswered']);
    expect(Object.keys(result.event).sort()).toEqual([
      'allDay',
      'categoryColor',
      'categoryName',
      'comment',
      'created',
      'createdByName',
      'fromDate',
      'invitedNames',
      'title',
      'toDate',
    ]);
    expect(result.event).toMatchObject({ title: 'Среща с клиент', comment: 'Вход от двора', allDay: false });
    expect(result.event.invitedNames).toHaveLength(2);
    expect(JSON.stringify(result)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/invitation/refuse',
      payload: { eventInvitationId: invitation.id, reason: 'Не мога' },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().Result.isAlreadyAnswered).toBe(true);
    // A dead token on a public call is no user, not a 401.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/invitation/accept',
      headers: { authorization: 'Bearer nonsense' },
      payload: { eventInvitationId: invitation.id },
    });
    expect([again.statusCode, again.json().Message]).toEqual([409, 'invitation_already_answered']);
    const log = (await logsOf(ctx, invitation.id)).at(-1)!;
    expect([log.action, log.createdBy]).toEqual(['refuse', colleague.id]);
    expect(log.documents).toMatchObject({ new: { status: false, refusedReason: 'Не мога', via: 'link' } });
  });

  it('answers 404 for an unknown invitation id and 400 for something that is not an id', async () => {
    const unknown = randomUUID();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/invitation/preview/${unknown}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/events/invitation/accept',
          payload: { eventInvitationId: unknown },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/events/invitation/refuse',
          payload: { eventInvitationId: unknown, reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(ctx, 'GET', `/api/events/invitation/${unknown}`, undefined, as('employee'))).status).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/events/invitation/preview/1' })).statusCode).toBe(400);
  });

  it('gives invitations random version 4 ids', async () => {
    const event = await created(timed({ invited: [ctx.users.employee.id, colleague.id, ctx.users.accountant.id] }));
    const rows = await ctx.database.db.select().from(eventInvitations).where(eq(eventInvitations.eventId, event._id));
    for (const row of rows)
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  raceIt('lets exactly one of two concurrent answers win', async () => {
    for (let round = 0; round < 3; round += 1) {
      const event = await created(timed({ invited: [ctx.users.employee.id] }));
      const invitation = await invitationOf(event._id, ctx.users.employee.id);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0
            ? ctx.app.inject({
                method: 'POST',
                url: '/api/events/invitation/accept',
                payload: { eventInvitationId: invitation.id },
              })
            : ctx.app.inject({
                method: 'POST',
                url: '/api/events/invitation/refuse',
                payload: { eventInvitationId: invitation.id, reason: 'Не' },
              }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect((await logsOf(ctx, invitation.id)).filter((r) => r.type === 'update')).toHaveLength(1);
    }
  });
});
