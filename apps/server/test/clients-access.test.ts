import { Access } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './helpers.ts';
import { createClient, createCurrency, headquarters, IBAN, t } from './clients-fixtures.ts';

/**
 * Who sees which client: admin, manager and accountant all; an employee those with managingUsersAll,
 * those listing them in managingUsers, and those they are the referent of; nobody else.
 */
let ctx: TestContext;
let other: { id: string; token: string };
const clients: Record<
  'referent' | 'managing' | 'all' | 'none',
  { _id: string; office: { _id: string }; bank: { _id: string } | null }
> = {} as never;
let contactId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const currency = await createCurrency(ctx);
  const employee2 = await ctx.createUser(Access.employee);
  other = { id: employee2.id, token: await ctx.signIn(employee2.email) };
  const withBank = {
    bank: { iban: IBAN, currency },
    office: headquarters({
      contacts: [{ firstName: 'Анна', lastName: 'Илиева', phone: '1', email: 'anna@example.bg' }],
    }),
  };
  const me = ctx.users.employee.id;
  clients.referent = await createClient(ctx, {
    name: t('Видим Референт', 'Visibile Referente'),
    referent: me,
    ...withBank,
  });
  clients.managing = await createClient(ctx, {
    name: t('Видим Управляван', 'Visibile Gestito'),
    managingUsers: [me, other.id],
    ...withBank,
  });
  clients.all = await createClient(ctx, {
    name: t('Видим За Всички', 'Visibile Tutti'),
    managingUsersAll: true,
    ...withBank,
  });
  clients.none = await createClient(ctx, {
    name: t('Скрит Клиент', 'Cliente Nascosto'),
    referent: other.id,
    ...withBank,
  });
  contactId = (await call(ctx, 'GET', `/api/offices/getOfficeContacts?officeId=${clients.none.office._id}`)).body
    .Result[0]._id;
});
afterAll(() => ctx.close());

const idsOf = (items: Array<{ _id: string }>) => items.map((item) => item._id).sort();
const ours = (ids: string[]) => ids.filter((id) => Object.values(clients).some((c) => c._id === id)).sort();
const expected = (...keys: Array<keyof typeof clients>) => keys.map((key) => clients[key]._id).sort();

async function visibleTo(token: string) {
  const list = ours(
    idsOf((await call(ctx, 'POST', '/api/companies/list', { itemsPerPage: 200 }, token)).body.Result.Items),
  );
  const search = ours(
    idsOf(
      (await call(ctx, 'POST', '/api/companies/search', { name: 'Видим', itemsPerPage: 200 }, token)).body.Result.Items,
    ),
  );
  const hidden = ours(
    idsOf((await call(ctx, 'POST', '/api/companies/search', { name: 'Скрит' }, token)).body.Result.Items),
  );
  const options = ours(idsOf((await call(ctx, 'POST', '/api/metaData/getClients', {}, token)).body.Result));
  return { list, search: [...search, ...hidden].sort(), options };
}

describe('who sees which client', () => {
  it('admin, manager and accountant see every client', async () => {
    for (const role of ['admin', 'manager', 'accountant'] as const) {
      const seen = await visibleTo(ctx.users[role].token);
      expect([role, seen]).toEqual([
        role,
        {
          list: expected('referent', 'managing', 'all', 'none'),
          search: expected('referent', 'managing', 'all', 'none'),
          options: expected('referent', 'managing', 'all', 'none'),
        },
      ]);
    }
  });

  it('an employee sees the clients they are the referent of, manage, or all employees manage — in the list, the search and getClients', async () => {
    const mine = expected('referent', 'managing', 'all');
    expect(await visibleTo(ctx.users.employee.token)).toEqual({ list: mine, search: mine, options: mine });
    const theirs = expected('managing', 'all', 'none');
    expect(await visibleTo(other.token)).toEqual({ list: theirs, search: theirs, options: theirs });
    const nobody = await ctx.createUser(Access.employee);
    const only = expected('all');
    expect(await visibleTo(await ctx.signIn(nobody.email))).toEqual({ list: only, search: only, options: only });
  });

  it('answers 404 the_client_was_not_found on every call about a client the employee may not see', async () => {
    const token = ctx.users.employee.token;
    const none = clients.none;
    const calls: Array<[string, 'GET' | 'POST', string, object?]> = [
      ['company', 'GET', `/api/companies/${none._id}`],
      ['details', 'GET', `/api/companies/details/${none._id}`],
      ['offices', 'POST', '/api/offices/list', { company: none._id }],
      ['office', 'GET', `/api/offices/${none.office._id}`],
      ['contacts', 'GET', `/api/offices/getOfficeContacts?officeId=${none.office._id}`],
      ['banks', 'POST', '/api/banks/list', { companyId: none._id }],
      ['banks by parent', 'POST', '/api/banks/list', { parent: none._id }],
      ['bank', 'GET', `/api/banks/${none.bank!._id}`],
    ];
    for (const [label, method, url, body] of calls) {
      const hidden = await call(ctx, method, url, body, token);
      expect([label, hidden.status, hidden.body]).toEqual([
        label,
        404,
        { Type: 0, Message: 'the_client_was_not_found' },
      ]);
      // The same call about a visible client answers.
      const visible = clients.all;
      const swapped = url
        .replace(none._id, visible._id)
        .replace(none.office._id, visible.office._id)
        .replace(none.bank!._id, visible.bank!._id);
      const swappedBody = body && JSON.parse(JSON.stringify(body).replace(none._id, visible._id));
      expect([label, (await call(ctx, method, swapped, swappedBody, token)).status]).toEqual([label, 200]);
    }
    // A client that does not exist answers the same.
    expect((await call(ctx, 'GET', `/api/companies/${crypto.randomUUID()}`, undefined, token)).body).toEqual({
      Type: 0,
      Message: 'the_client_was_not_found',
    });
    expect(contactId).toBeTruthy();
  });

  it('lets the employee read a visible client, its offices, contacts and banks', async () => {
    const token = ctx.users.employee.token;
    const client = clients.referent;
    expect((await call(ctx, 'GET', `/api/companies/${client._id}`, undefined, token)).body.Result.referent).toBe(
      ctx.users.employee.id,
    );
    expect(
      (await call(ctx, 'POST', '/api/offices/list', { company: client._id }, token)).body.Result.Items.map(
        (o: { _id: string }) => o._id,
      ),
    ).toEqual([client.office._id]);
    expect(
      (await call(ctx, 'GET', `/api/offices/${client.office._id}`, undefined, token)).body.Result.contacts,
    ).toHaveLength(1);
    expect(
      (await call(ctx, 'POST', '/api/banks/list', { companyId: client._id }, token)).body.Result.Items.map(
        (b: { _id: string }) => b._id,
      ),
    ).toEqual([client.bank!._id]);
  });

  it('lets no staff user but management write to a client, even one they see', async () => {
    const client = clients.referent;
    const writes: Array<[string, object]> = [
      ['/api/offices/save', { company: client._id, ...headquarters() }],
      ['/api/offices/remove', { officeId: client.office._id }],
      [
        '/api/offices/saveContact',
        { officeId: client.office._id, firstName: 'А', lastName: 'Б', phone: '1', email: 'a@b.bg' },
      ],
      ['/api/offices/removeContact', { officeId: client.office._id, contactId }],
      [
        '/api/banks/save',
        {
          companyId: client._id,
          name: t('Банка', 'Banca'),
          address: t('София', 'Sofia'),
          iban: IBAN,
          currency: crypto.randomUUID(),
        },
      ],
    ];
    for (const role of ['employee', 'accountant'] as const) {
      for (const [url, body] of writes)
        expect([role, url, (await call(ctx, 'POST', url, body, ctx.users[role].token)).status]).toEqual([
          role,
          url,
          403,
        ]);
    }
  });

  it('keeps client users out of the staff calls', async () => {
    const token = ctx.users.client.token;
    expect((await call(ctx, 'POST', '/api/companies/list', {}, token)).status).toBe(403);
    expect((await call(ctx, 'GET', `/api/companies/${clients.all._id}`, undefined, token)).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/companies/search', {}, token)).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/metaData/getClients', {}, token)).status).toBe(403);
    expect((await call(ctx, 'POST', '/api/banks/list', { companyId: clients.all._id }, token)).status).toBe(403);
  });
});
