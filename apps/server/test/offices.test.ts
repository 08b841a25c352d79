import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, logsOf, type TestContext } from './helpers.ts';
import { createClient, createCurrency, errorsOf, IBAN, t } from './clients-fixtures.ts';

let ctx: TestContext;
let client: { _id: string; office: { _id: string } };
let bgn: string;
beforeAll(async () => {
  ctx = await createTestContext();
  bgn = await createCurrency(ctx);
  client = await createClient(ctx);
});
afterAll(() => ctx.close());

const office = (extra: object = {}) => ({
  company: client._id,
  country: t('Италия', ''),
  city: t('Милано', ''),
  street: t('ул. Дуомо 1', ''),
  phone: '+39 02 1',
  email: 'milano@example.it',
  ...extra,
});
const contact = (extra: object = {}) => ({
  firstName: 'Марко',
  lastName: 'Роси',
  phone: '+39 333',
  email: 'marco@example.it',
  ...extra,
});
const post = (url: string, body: object, token?: string) => call(ctx, 'POST', url, body, token);

describe('offices', () => {
  it('require country, city and street in Bulgarian, phone and email', async () => {
    const empty = await post('/api/offices/save', { company: client._id });
    expect(errorsOf(empty.body)).toEqual({
      country: 'field_is_required',
      city: 'field_is_required',
      street: 'field_is_required',
      phone: 'field_is_required',
      email: 'field_is_required',
    });
    expect(errorsOf((await post('/api/offices/save', office({ city: t('', 'Milano'), email: 'x' }))).body)).toEqual({
      'city.bg': 'field_is_required',
      email: 'email_valid',
    });
    expect((await post('/api/offices/save', office({ company: crypto.randomUUID() }))).body).toEqual({
      Type: 0,
      Message: 'the_client_was_not_found',
    });
  });

  it('keep an ISO country code: given, else from the country name, else from the client VAT number', async () => {
    // The country's name tells it ('Италия').
    const named = await post('/api/offices/save', office());
    expect(named.status).toBe(200);
    expect(named.body.Result.countryCode).toBe('IT');
    const id = named.body.Result._id;
    expect((await call(ctx, 'GET', `/api/offices/${id}`)).body.Result.countryCode).toBe('IT');
    // Given in the form (upper-cased), it wins over the name.
    const given = await post('/api/offices/save', office({ _id: id, countryCode: 'fr' }));
    expect(given.body.Result.countryCode).toBe('FR');
    const listed = (await post('/api/offices/list', { company: client._id })).body.Result.Items;
    expect(listed.find((o: { _id: string }) => o._id === id).countryCode).toBe('FR');
    // A name it does not know and no code: the client's VAT number (BG…).
    const unknown = await post('/api/offices/save', office({ country: t('Някъде', ''), countryCode: '' }));
    expect(unknown.body.Result.countryCode).toBe('BG');
    const german = await createClient(ctx, { vatNumber: 'DE123456789', office: undefined });
    const abroad = await post('/api/offices/save', office({ company: german._id, country: t('Някъде', '') }));
    expect(abroad.body.Result.countryCode).toBe('DE');
    // Changing the country's text without a code follows the text.
    const moved = await post('/api/offices/save', office({ _id: id, country: t('Австрия', '') }));
    expect(moved.body.Result.countryCode).toBe('AT');
    const bad = await post('/api/offices/save', office({ _id: id, countryCode: 'XX' }));
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual({ countryCode: 'invalid_value' });
    expect((await call(ctx, 'GET', `/api/offices/${id}`)).body.Result.countryCode).toBe('AT');
    await post('/api/offices/remove', { officeId: id });
    await post('/api/offices/remove', { officeId: unknown.body.Result._id });
  });

  it('are saved and changed by management, listed by creation, with Log rows holding old and new', async () => {
    const created = await post('/api/offices/save', office(), ctx.users.manager.token);
    expect(created.status).toBe(200);
    expect(created.body.Result).toMatchObject({
      company: client._id,
      isHeadquarters: false,
      city: t('Милано', ''),
      contacts: [],
    });
    const id = created.body.Result._id;
    const changed = await post('/api/offices/save', office({ _id: id, phone: '+39 02 2' }));
    expect(changed.body.Result.phone).toBe('+39 02 2');
    const rows = await logsOf(ctx, id);
    expect(rows.map((r) => [r.name, r.type])).toEqual([
      ['Office', 'create'],
      ['Office', 'update'],
    ]);
    expect(rows[1].documents).toMatchObject({ old: { phone: '+39 02 1' }, new: { phone: '+39 02 2' } });
    const list = (await post('/api/offices/list', { company: client._id })).body.Result;
    expect(list.Items.map((o: { _id: string }) => o._id)).toEqual([client.office._id, id]);
    expect(list.Total).toBe(2);
    expect(
      (await post('/api/offices/save', office({ _id: id, company: (await createClient(ctx))._id }))).body.Errors,
    ).toEqual([{ field: 'company', message: 'invalid_value' }]);
    expect((await post('/api/offices/save', office({ _id: crypto.randomUUID() }))).status).toBe(404);
    // The modal sends back what it loaded, contacts included: an update leaves the contacts to their own calls.
    const withContacts = await post(
      '/api/offices/save',
      office({ _id: id, contacts: [contact({ firstName: 'Нов' })] }),
    );
    expect(withContacts.body.Result.contacts).toEqual([]);
  });

  it('keep one headquarters per client', async () => {
    const moved = await post('/api/offices/save', office({ isHeadquarters: true }));
    const list = (await post('/api/offices/list', { company: client._id, itemsPerPage: 100 })).body.Result.Items;
    expect(
      list.filter((o: { isHeadquarters: boolean }) => o.isHeadquarters).map((o: { _id: string }) => o._id),
    ).toEqual([moved.body.Result._id]);
    expect((await logsOf(ctx, client.office._id)).at(-1)).toMatchObject({
      action: 'clearHeadquarters',
      documents: { old: { isHeadquarters: true }, new: { isHeadquarters: false } },
    });
  });

  it('are removed with their contacts and a Log row holding the old office', async () => {
    const created = (await post('/api/offices/save', office({ contacts: [contact()] }))).body.Result;
    expect(created.contacts).toHaveLength(1);
    const removed = await post('/api/offices/remove', { officeId: created._id });
    expect(removed.body).toEqual({ Type: 1, Message: 'deleted_successfully', Result: true });
    expect((await call(ctx, 'GET', `/api/offices/${created._id}`)).status).toBe(404);
    expect((await logsOf(ctx, created._id)).at(-1)).toMatchObject({
      type: 'delete',
      action: 'remove',
      documents: { old: { _id: created._id, contacts: [{ firstName: 'Марко' }] }, new: null },
    });
    expect((await post('/api/offices/remove', { officeId: created._id })).status).toBe(404);
  });
});

describe('office contacts', () => {
  it('are added one at a time, changed and removed, each logged on the office', async () => {
    const officeId = client.office._id;
    expect(errorsOf((await post('/api/offices/saveContact', { officeId })).body)).toEqual({
      firstName: 'field_is_required',
      lastName: 'field_is_required',
      phone: 'field_is_required',
      email: 'field_is_required',
    });
    const added = await post('/api/offices/saveContact', { officeId, ...contact({ position: 'Управител' }) });
    expect(added.body.Result).toMatchObject({ officeId, firstName: 'Марко', position: 'Управител' });
    const contactId = added.body.Result._id;
    await post('/api/offices/saveContact', { officeId, ...contact({ firstName: 'Лука' }) });
    const edited = await post('/api/offices/saveContact', {
      officeId,
      _id: contactId,
      ...contact({ phone: '+39 444' }),
    });
    expect(edited.body.Result.phone).toBe('+39 444');
    const contacts = (await call(ctx, 'GET', `/api/offices/getOfficeContacts?officeId=${officeId}`)).body.Result;
    expect(contacts.map((c: { firstName: string }) => c.firstName)).toEqual(['Марко', 'Лука']);
    expect((await call(ctx, 'GET', `/api/offices/${officeId}`)).body.Result.contacts).toHaveLength(2);

    const removed = await post('/api/offices/removeContact', { officeId, contactId });
    expect(removed.status).toBe(200);
    expect((await call(ctx, 'GET', `/api/offices/getOfficeContacts?officeId=${officeId}`)).body.Result).toHaveLength(1);
    expect((await post('/api/offices/removeContact', { officeId, contactId })).status).toBe(404);
    const rows = (await logsOf(ctx, officeId)).filter((r) => r.model === 'office_contacts');
    expect(rows.map((r) => [r.action, r.type])).toEqual([
      ['saveContact', 'create'],
      ['saveContact', 'create'],
      ['saveContact', 'update'],
      ['removeContact', 'delete'],
    ]);
    expect(rows[2].documents).toMatchObject({ old: { phone: '+39 333' }, new: { phone: '+39 444' } });
    expect(rows[3].documents).toMatchObject({ old: { _id: contactId }, new: null });
  });

  it('belong to their office: another office cannot change or remove them', async () => {
    const officeId = client.office._id;
    const contactId = (await post('/api/offices/saveContact', { officeId, ...contact() })).body.Result._id;
    const elsewhere = (await post('/api/offices/save', office())).body.Result._id;
    expect((await post('/api/offices/saveContact', { officeId: elsewhere, _id: contactId, ...contact() })).status).toBe(
      404,
    );
    expect((await post('/api/offices/removeContact', { officeId: elsewhere, contactId })).status).toBe(404);
    expect((await call(ctx, 'GET', '/api/offices/getOfficeContacts')).status).toBe(400);
  });
});

describe('banks of a client', () => {
  const bank = (extra: object = {}) => ({
    companyId: client._id,
    name: t('Банка ДСК', 'Banca DSK'),
    address: t('София', 'Sofia'),
    iban: IBAN,
    currency: bgn,
    ...extra,
  });

  it('are saved by management through /api/banks with companyId, listed by the client, one default per owner', async () => {
    expect((await post('/api/banks/save', bank(), ctx.users.employee.token)).status).toBe(403);
    const first = await post('/api/banks/save', bank({ default: true }), ctx.users.manager.token);
    expect(first.status).toBe(200);
    expect(first.body.Result).toMatchObject({ companyId: client._id, default: true });
    const second = await post('/api/banks/save', bank({ default: true }));
    expect(second.body.Result.default).toBe(true);
    const list = (await post('/api/banks/list', { companyId: client._id })).body.Result.Items;
    expect(list.filter((b: { default: boolean }) => b.default).map((b: { _id: string }) => b._id)).toEqual([
      second.body.Result._id,
    ]);
    expect(errorsOf((await post('/api/banks/save', bank({ iban: 'BG33UNCR70001520345678' }))).body)).toEqual({
      iban: 'iban_invalid',
    });
    expect((await logsOf(ctx, first.body.Result._id)).map((r) => r.action)).toEqual(['save', 'clearDefault']);
  });
});
