import { Access } from '@kantora/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, userSessions, users } from '../src/db/schema/index.ts';
import { UsersService } from '../src/modules/users/users.service.ts';
import { bearer, call, createTestContext, logsOf, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const t = (bg: string, it: string) => ({ bg, it });
const errorsOf = (body: { Errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.Errors ?? []).map((e) => [e.field, e.message]));
let counter = 0;
const person = (extra: object = {}) => {
  counter += 1;
  return {
    firstName: t('Петър', 'Pietro'),
    lastName: t('Петров', 'Petrov'),
    email: `person${counter}@test.local`,
    password: 'secret1',
    ...extra,
  };
};
const save = (body: object, token?: string) => call(ctx, 'POST', '/api/settings/users/save', body, token);
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(token) });

describe('saving users', () => {
  it('creates a client user by default, and never answers the password hash or token version', async () => {
    const created = await save(
      person({ middleName: t('Иванов', 'Ivanov'), phone: '+359 888 000 000', dateOfBirth: '1990-05-01', notes: 'VIP' }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      Message: 'saved_successfully',
      Result: {
        _id: expect.any(String),
        type: 1,
        access: 4,
        status: 1,
        gender: 0,
        dateOfBirth: '1990-05-01',
        phone: '+359 888 000 000',
      },
    });
    const id = created.body.Result._id;
    for (const response of [
      created,
      await call(ctx, 'GET', `/api/settings/users/${id}`),
      await call(ctx, 'POST', '/api/settings/users/list', { email: created.body.Result.email }),
    ]) {
      const text = JSON.stringify(response.body);
      expect(text).not.toMatch(/passwordHash|password_hash|tokenVersion|token_version|scrypt|"password"/);
    }
    const [log] = await logsOf(ctx, id);
    expect(log).toMatchObject({ name: 'User', type: 'create', action: 'save', createdBy: ctx.users.admin.id });
    expect(JSON.stringify(log.documents)).not.toMatch(/secret1|scrypt|passwordHash/);
  });

  it('checks names, email and password with their message keys', async () => {
    const bad = await save({
      firstName: t('Ал', ''),
      lastName: t('Петров', 'Pe'),
      email: 'not-an-email',
      password: '12345',
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual({
      'firstName.bg': 'field_at_least_3_symbols',
      'firstName.it': 'field_is_required',
      'lastName.it': 'field_at_least_3_symbols',
      email: 'email_valid',
      password: 'min_password',
    });
    expect(errorsOf((await save({ ...person(), password: undefined })).body)).toEqual({
      password: 'field_is_required',
    });
    expect(errorsOf((await save({ ...person(), password: '' })).body)).toEqual({ password: 'field_is_required' });
    expect(errorsOf((await save({ ...person(), email: '' })).body)).toEqual({ email: 'field_is_required' });
    expect(errorsOf((await save(person({ access: 7, gender: 2, status: 1000 }))).body)).toEqual({
      access: 'select_range',
      gender: 'select_range',
      status: 'select_range',
    });
    expect(errorsOf((await save(person({ dateOfBirth: '1899-12-31' }))).body)).toEqual({ dateOfBirth: 'min_date' });
  });

  it('keeps emails unique without regard to case', async () => {
    const first = await save(person({ email: 'Unique.Person@Test.local' }));
    expect(first.body.Result.email).toBe('unique.person@test.local');
    const clash = await save(person({ email: 'UNIQUE.person@test.LOCAL' }));
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({
      Message: 'email_already_exists',
      Errors: [{ field: 'email', message: 'email_already_exists' }],
    });
    const other = (await save(person())).body.Result;
    const update = await save({ ...other, _id: other._id, email: 'unique.PERSON@test.local' });
    expect(errorsOf(update.body)).toEqual({ email: 'email_already_exists' });
    // The user's own email is no clash.
    expect((await save({ ...first.body.Result, _id: first.body.Result._id, notes: 'x' })).status).toBe(200);
  });

  it('couples type and access: a client type forces client access, an employee type cannot have it', async () => {
    const client = await save(person({ type: 1, access: 1 }));
    expect(client.body.Result).toMatchObject({ type: 1, access: 4 });
    const employee = await save(person({ type: 0, access: 4 }));
    expect(employee.status).toBe(400);
    expect(errorsOf(employee.body)).toEqual({ access: 'employee_cannot_have_client_access' });
    expect((await save(person({ type: 0, access: 3 }))).body.Result).toMatchObject({ type: 0, access: 3 });
  });

  it('changes the password only when one is given, and a change ends the live sessions', async () => {
    const created = (await save(person({ type: 0, access: 2, password: 'first-pass' }))).body.Result;
    const token = await ctx.signIn(created.email, 'first-pass');
    const { _id, ...fields } = created;
    expect((await save({ ...fields, _id, phone: '123' })).status).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect((await save({ ...fields, _id, password: '' })).status).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect(errorsOf((await save({ ...fields, _id, password: 'short' })).body)).toEqual({ password: 'min_password' });
    expect((await save({ ...fields, _id, password: 'second-pass' })).status).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    await expect(ctx.signIn(created.email, 'first-pass')).rejects.toThrow();
    expect((await me(await ctx.signIn(created.email, 'second-pass'))).statusCode).toBe(200);
    const rows = (await logsOf(ctx, _id)).filter((r) => r.name === 'User');
    expect(rows.map((r) => r.documents.new)).toContainEqual(expect.objectContaining({ passwordChanged: true }));
    expect(JSON.stringify(rows)).not.toContain('second-pass');
  });

  it('ends the sessions of a deactivated user and of a user whose access changes', async () => {
    const user = (await save(person({ type: 0, access: 2 }))).body.Result;
    const token = await ctx.signIn(user.email, 'secret1');
    const { _id, ...fields } = user;
    expect((await save({ ...fields, _id, status: 0 })).body.Result.status).toBe(0);
    expect((await me(token)).statusCode).toBe(401);
    await save({ ...fields, _id, status: 1 });
    const again = await ctx.signIn(user.email, 'secret1');
    expect((await save({ ...fields, _id, access: 3 })).status).toBe(200);
    expect((await me(again)).statusCode).toBe(401);
  });

  it('lets nobody change their own access or status', async () => {
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.id, ctx.users.admin.id));
    const mine = {
      _id: admin.id,
      firstName: admin.firstName,
      lastName: admin.lastName,
      email: admin.email,
      type: 0,
      access: 0,
      status: 1,
    };
    expect((await save({ ...mine, phone: '555' })).status).toBe(200);
    const demote = await save({ ...mine, access: 1 });
    expect(demote.status).toBe(400);
    expect(errorsOf(demote.body)).toEqual({ access: 'cannot_change_own_access' });
    expect(errorsOf((await save({ ...mine, status: 0 })).body)).toEqual({ status: 'cannot_change_own_access' });
    expect(errorsOf((await save({ ...mine, type: 1 })).body)).toEqual({ access: 'cannot_change_own_access' });
    expect((await me(ctx.users.admin.token)).statusCode).toBe(200);
  });

  it('never demotes or deactivates the last active administrator', async () => {
    const service = new UsersService(ctx.database.db);
    // An actor whose own admin rights ended while the call ran (another administrator's save): only the rule stands in the way.
    const actor = {
      id: crypto.randomUUID(),
      access: Access.admin,
      email: 'gone@test.local',
      fullName: t('Бивш', 'Ex'),
      locale: 'bg' as const,
    };
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.id, ctx.users.admin.id));
    const input = {
      _id: admin.id,
      firstName: admin.firstName,
      middleName: admin.middleName,
      lastName: admin.lastName,
      gender: 0,
      email: admin.email,
      phone: '',
      address: admin.address,
      dateOfBirth: null,
      notes: '',
      type: 0,
      access: 1,
      status: 1,
      password: undefined,
    };
    await expect(service.save(actor, input)).rejects.toMatchObject({ status: 400, key: 'cannot_demote_last_admin' });
    await expect(service.save(actor, { ...input, access: 0, status: 0 })).rejects.toMatchObject({
      key: 'cannot_demote_last_admin',
    });
    // With a second active administrator the same change is allowed.
    const second = (await save(person({ type: 0, access: 0 }))).body.Result;
    expect((await save({ ...second, access: 1 })).status).toBe(200);
    expect((await save({ ...second, access: 0 })).status).toBe(200);
    await expect(service.save(actor, input)).resolves.toMatchObject({ access: 1 });
    await expect(service.save(actor, { ...input, _id: second._id, email: second.email })).rejects.toMatchObject({
      key: 'cannot_demote_last_admin',
    });
    // The demotion ended the administrator's sessions (token version and session rows): the rest of the file goes on
    // with the same token.
    await ctx.database.db.update(users).set({ access: 0, tokenVersion: 0 }).where(eq(users.id, admin.id));
    await ctx.database.db
      .update(userSessions)
      .set({ endedAt: null, endedBy: null })
      .where(eq(userSessions.userId, admin.id));
  });

  it('answers 404 for an unknown user and 403 to everyone but administrators', async () => {
    expect((await call(ctx, 'GET', `/api/settings/users/${crypto.randomUUID()}`)).body).toEqual({
      Type: 0,
      Message: 'not_found',
    });
    expect((await save(person({ _id: crypto.randomUUID() }))).status).toBe(404);
    expect((await call(ctx, 'GET', '/api/settings/users/not-a-uuid')).status).toBe(400);
    for (const role of ['manager', 'employee', 'accountant', 'client'] as const) {
      expect((await call(ctx, 'POST', '/api/settings/users/list', {}, ctx.users[role].token)).status).toBe(403);
      expect((await save(person(), ctx.users[role].token)).status).toBe(403);
    }
  });
});

describe('the users list', () => {
  it('filters by every filter field and sorts by first name by default', async () => {
    const a = (
      await save(
        person({
          firstName: t('Зорница', 'Zora'),
          middleName: t('Тодорова', 'Todorova'),
          lastName: t('Филтрова', 'Filtrova'),
          phone: '+359 2 111 222',
          type: 0,
          access: 3,
        }),
      )
    ).body.Result;
    const b = (await save(person({ firstName: t('Анелия', 'Aurora'), lastName: t('Филтрова', 'Filtrova'), status: 0 })))
      .body.Result;
    const ids = async (body: object) =>
      (await call(ctx, 'POST', '/api/settings/users/list', { itemsPerPage: 200, ...body })).body.Result.Items.map(
        (u: { _id: string }) => u._id,
      );
    expect(await ids({ lastName: 'филтр' })).toEqual([b._id, a._id]);
    expect(await ids({ lastName: 'filtrova', sortBy: 'firstName', sortDesc: true })).toEqual([a._id, b._id]);
    expect(await ids({ lastName: 'Filtrova', sortBy: 'firstName.it' })).toEqual([b._id, a._id]);
    expect(await ids({ firstName: 'zora' })).toEqual([a._id]);
    expect(await ids({ middleName: 'тодор' })).toEqual([a._id]);
    expect(await ids({ email: a.email.toUpperCase() })).toEqual([a._id]);
    expect(await ids({ phone: '111 222' })).toEqual([a._id]);
    expect(await ids({ lastName: 'filtrova', access: 3 })).toEqual([a._id]);
    expect(await ids({ lastName: 'filtrova', status: 0 })).toEqual([b._id]);
    expect(await ids({ lastName: 'filtrova', access: null, status: null, email: '' })).toHaveLength(2);
    const everyone = await call(ctx, 'POST', '/api/settings/users/list', { itemsPerPage: 200 });
    const names = everyone.body.Result.Items.map((u: { firstName: { bg: string } }) => u.firstName.bg);
    expect(names).toEqual([...names].sort());
    const page = await call(ctx, 'POST', '/api/settings/users/list', { itemsPerPage: 3, page: 2 });
    expect(page.body.Result).toMatchObject({ Page: 2, Total: everyone.body.Result.Total });
    expect(page.body.Result.Items.map((u: { _id: string }) => u._id)).toEqual(
      everyone.body.Result.Items.slice(3, 6).map((u: { _id: string }) => u._id),
    );
    expect((await call(ctx, 'POST', '/api/settings/users/list', { sortBy: 'passwordHash' })).status).toBe(400);
  });
});

describe('education and experience', () => {
  const kinds = [
    {
      one: 'UserEducation',
      many: 'UserEducations',
      entity: 'UserEducation',
      valid: {
        type: 'Висше',
        place: 'СУ „Св. Климент Охридски“',
        degree: 'Магистър',
        startDate: '2008-09-15',
        endDate: '2013-07-01',
      },
      required: { place: 'field_is_required' },
      reversed: { startDate: '2013-01-01', endDate: '2012-01-01', endKey: 'endDate' },
      change: { degree: 'Доктор' },
    },
    {
      one: 'UserExperience',
      many: 'UserExperiences',
      entity: 'UserExperience',
      valid: {
        position: 'Счетоводител',
        company: 'Кантора ООД',
        dateOfJoin: '2015-01-01',
        location: 'София',
        responsibilities: ['ДДС', 'ГФО'],
        description: 'Счетоводство',
      },
      required: { position: 'field_is_required', company: 'field_is_required' },
      reversed: { dateOfJoin: '2020-01-01', dateOfRetire: '2019-12-31', endKey: 'dateOfRetire' },
      change: { responsibilities: ['ДДС'] },
    },
  ] as const;

  for (const kind of kinds) {
    it(`${kind.one}: saves, reads, lists, updates and removes for a user, logging each change`, async () => {
      const user = (await save(person({ type: 0, access: 2 }))).body.Result;
      const base = `/api/settings/users`;
      const created = await call(ctx, 'POST', `${base}/save${kind.one}`, { ...kind.valid, userId: user._id });
      expect(created.body).toMatchObject({
        Message: 'saved_successfully',
        Result: { _id: expect.any(String), userId: user._id, ...kind.valid },
      });
      const id = created.body.Result._id;
      expect((await call(ctx, 'GET', `${base}/get${kind.one}/${id}`)).body.Result).toMatchObject(kind.valid);
      await call(ctx, 'POST', `${base}/save${kind.one}`, { ...kind.valid, userId: user._id });
      const otherUser = (await save(person())).body.Result;
      await call(ctx, 'POST', `${base}/save${kind.one}`, { ...kind.valid, userId: otherUser._id });
      const list = await call(ctx, 'POST', `${base}/get${kind.many}`, { userId: user._id });
      expect(list.body.Result).toMatchObject({ Total: 2, Page: 1 });
      expect(list.body.Result.Items.every((r: { userId: string }) => r.userId === user._id)).toBe(true);
      const updated = await call(ctx, 'POST', `${base}/save${kind.one}`, {
        ...kind.valid,
        ...kind.change,
        _id: id,
        userId: user._id,
      });
      expect(updated.body.Result).toMatchObject({ _id: id, ...kind.change });
      const moved = await call(ctx, 'POST', `${base}/save${kind.one}`, {
        ...kind.valid,
        _id: id,
        userId: otherUser._id,
      });
      expect(errorsOf(moved.body)).toEqual({ userId: 'invalid_value' });
      const removed = await call(ctx, 'POST', `${base}/remove${kind.one}`, { id });
      expect(removed.body).toMatchObject({ Type: 1, Result: true });
      expect((await call(ctx, 'GET', `${base}/get${kind.one}/${id}`)).status).toBe(404);
      expect((await call(ctx, 'POST', `${base}/remove${kind.one}`, { id })).status).toBe(404);
      const rows = await logsOf(ctx, id);
      expect(rows.map((r) => [r.name, r.type])).toEqual([
        [kind.entity, 'create'],
        [kind.entity, 'update'],
        [kind.entity, 'delete'],
      ]);
      expect(rows[1].documents).toMatchObject({ old: { _id: id }, new: kind.change });
      expect(rows[2].documents).toMatchObject({ old: { _id: id }, new: null });
    });

    it(`${kind.one}: validates the entry and its user`, async () => {
      const user = (await save(person())).body.Result;
      const empty = await call(ctx, 'POST', `/api/settings/users/save${kind.one}`, { userId: user._id });
      expect(errorsOf(empty.body)).toEqual(kind.required);
      const { endKey, ...dates } = kind.reversed;
      const reversed = await call(ctx, 'POST', `/api/settings/users/save${kind.one}`, {
        ...kind.valid,
        ...dates,
        userId: user._id,
      });
      expect(errorsOf(reversed.body)).toEqual({ [endKey]: 'end_date_before_start_date' });
      expect(errorsOf((await call(ctx, 'POST', `/api/settings/users/save${kind.one}`, kind.valid)).body)).toEqual({
        userId: 'field_is_required',
      });
      expect(
        errorsOf(
          (
            await call(ctx, 'POST', `/api/settings/users/save${kind.one}`, {
              ...kind.valid,
              userId: crypto.randomUUID(),
            })
          ).body,
        ),
      ).toEqual({ userId: 'invalid_value' });
      expect(
        (
          await call(ctx, 'POST', `/api/settings/users/save${kind.one}`, {
            ...kind.valid,
            userId: user._id,
            _id: crypto.randomUUID(),
          })
        ).status,
      ).toBe(404);
      expect((await call(ctx, 'POST', `/api/settings/users/get${kind.many}`, {})).status).toBe(400);
    });
  }

  it('go with their user in the log by entity name', async () => {
    const rows = await ctx.database.db.select().from(logs).where(eq(logs.name, 'UserExperience'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
