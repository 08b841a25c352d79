import { Access } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, t } from './clients-fixtures.ts';
import { ageDocument, type FlowSetup, getRaw, saveFlow, setUpFlow } from './documents-flow-fixtures.ts';
import { call, type TestContext } from './helpers.ts';

/** The client portal's document flow: only companies whose clientUsers list the user; a miss is 404. */
let setup: FlowSetup;
let ctx: TestContext;
let otherClient: { id: string; token: string };
let otherCompany: string;
beforeAll(async () => {
  setup = await setUpFlow();
  ctx = setup.ctx;
  const user = await ctx.createUser(Access.client);
  otherClient = { id: user.id, token: await ctx.signIn(user.email) };
  otherCompany = (await createClient(ctx, { name: t('Друг ООД', 'Altro Srl'), clientUsers: [otherClient.id] }))._id;
});
afterAll(() => ctx.close());

const BASE = '/api/my-documents-flow';
const text = (name: string, body = name) => ({ filename: name, contentType: 'text/plain', data: Buffer.from(body) });
const portalSave = (fields: Record<string, string>, file?: ReturnType<typeof text>, token = ctx.users.client.token) =>
  saveFlow(ctx, fields, file, token, BASE);

describe('my documents flow', () => {
  it('offers client users the active categories (the staff look-up stays closed to them)', async () => {
    const mine = await call(ctx, 'GET', `${BASE}/categories`, undefined, ctx.users.client.token);
    expect(mine.status).toBe(200);
    const staff = await call(ctx, 'GET', '/api/metaData/getDocumentFlowCategories', undefined, ctx.users.manager.token);
    expect(mine.body.Result).toEqual(staff.body.Result);
    expect(mine.body.Result.map((row: { _id: string }) => row._id)).toContain(setup.category);
    expect(
      (await call(ctx, 'GET', '/api/metaData/getDocumentFlowCategories', undefined, ctx.users.client.token)).status,
    ).toBe(403);
    expect((await call(ctx, 'GET', `${BASE}/categories`, undefined, ctx.users.manager.token)).status).toBe(403);
  });

  it('lets a client user add a document to their company, see it, download it and remove its file', async () => {
    const saved = await portalSave(
      { company: setup.visible, category: setup.category, description: 'от клиента' },
      text('clients.txt', 'от клиента'),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.Result).toMatchObject({
      company: setup.visible,
      createdBy: ctx.users.client.id,
      canEdit: true,
      canDeleteFile: true,
      canDelete: false,
    });
    const doc = saved.body.Result;
    expect((await call(ctx, 'GET', `${BASE}/${doc._id}`, undefined, ctx.users.client.token)).body.Result).toMatchObject(
      { _id: doc._id, notes: '' },
    );
    const download = await getRaw(ctx, `${BASE}/download/${doc.file._id}`, ctx.users.client.token);
    expect([download.statusCode, download.body, download.headers['x-content-type-options']]).toEqual([
      200,
      'от клиента',
      'nosniff',
    ]);

    // Staff who see the client see it too.
    const staffList = (
      await call(ctx, 'POST', '/api/documents-flow/list', { company: setup.visible }, ctx.users.employee.token)
    ).body.Result;
    expect(staffList.Items.map((row: { _id: string }) => row._id)).toContain(doc._id);

    const link = (await call(ctx, 'GET', `${BASE}/previewLink/${doc.file._id}`, undefined, ctx.users.client.token)).body
      .Result.url as string;
    expect(link).toMatch(/scope=portal/);
    const preview = await getRaw(ctx, link);
    expect([preview.statusCode, preview.headers['content-security-policy']]).toEqual([
      200,
      expect.stringMatching(/^sandbox;/),
    ]);

    const updated = await portalSave({
      _id: doc._id,
      company: setup.visible,
      category: setup.category,
      description: 'поправено',
    });
    expect([updated.status, updated.body.Result.description]).toEqual([200, 'поправено']);
    expect(
      (
        await call(
          ctx,
          'POST',
          `${BASE}/removeFile`,
          { fileId: doc.file._id, documentId: doc._id },
          ctx.users.client.token,
        )
      ).status,
    ).toBe(200);
  });

  it('lists only the companies that list the user, with every filter', async () => {
    const mine = (
      await portalSave({ company: setup.visible, category: setup.category, description: 'моят' }, text('mine.txt'))
    ).body.Result;
    // A document on a company the user is not on, matching the filter.
    await saveFlow(
      ctx,
      { company: setup.hidden, category: setup.category, description: 'моят скрит' },
      text('hidden.txt'),
    );
    const others = (
      await portalSave(
        { company: otherCompany, category: setup.category, description: 'моят чужд' },
        text('other.txt'),
        otherClient.token,
      )
    ).body.Result;
    const list = (
      await call(ctx, 'POST', `${BASE}/list`, { itemsPerPage: 200, description: 'моят' }, ctx.users.client.token)
    ).body.Result;
    expect(list.Items.map((row: { _id: string }) => row._id)).toEqual([mine._id]);
    expect(
      (await call(ctx, 'POST', `${BASE}/list`, { company: setup.hidden }, ctx.users.client.token)).body.Result.Total,
    ).toBe(0);
    const company = (
      await call(
        ctx,
        'POST',
        '/api/my-companies/documents-flow/list',
        { companyId: setup.visible, description: 'моят' },
        ctx.users.client.token,
      )
    ).body.Result;
    expect(company.Items.map((row: { _id: string }) => row._id)).toEqual([mine._id]);
    const foreign = await call(
      ctx,
      'POST',
      '/api/my-companies/documents-flow/list',
      { companyId: otherCompany },
      ctx.users.client.token,
    );
    expect([foreign.status, foreign.body.Message]).toEqual([404, 'the_client_was_not_found']);
    expect(
      (await call(ctx, 'POST', `${BASE}/list`, {}, otherClient.token)).body.Result.Items.map(
        (row: { _id: string }) => row._id,
      ),
    ).toEqual([others._id]);
    // A client user on no company sees nothing.
    const lonely = await ctx.createUser(Access.client);
    expect((await call(ctx, 'POST', `${BASE}/list`, {}, await ctx.signIn(lonely.email))).body.Result).toEqual({
      Items: [],
      Total: 0,
      Page: 1,
    });
  });

  it('answers 404 not_found for documents of other companies, on every call', async () => {
    const hidden = (await saveFlow(ctx, { company: setup.hidden, category: setup.category }, text('hidden.txt'))).body
      .Result;
    const others = (
      await portalSave({ company: otherCompany, category: setup.category }, text('other.txt'), otherClient.token)
    ).body.Result;
    for (const doc of [hidden, others]) {
      const token = ctx.users.client.token;
      const get = await call(ctx, 'GET', `${BASE}/${doc._id}`, undefined, token);
      expect([get.status, get.body.Message]).toEqual([404, 'not_found']);
      expect((await portalSave({ _id: doc._id, company: setup.visible, category: setup.category })).status).toBe(404);
      expect(
        (await call(ctx, 'POST', `${BASE}/removeFile`, { fileId: doc.file._id, documentId: doc._id }, token)).status,
      ).toBe(404);
      expect((await getRaw(ctx, `${BASE}/download/${doc.file._id}`, token)).statusCode).toBe(404);
      expect((await getRaw(ctx, `${BASE}/previewLink/${doc.file._id}`, token)).statusCode).toBe(404);
    }
    const create = await portalSave({ company: otherCompany, category: setup.category }, text('x.txt'));
    expect([create.status, create.body.Message]).toEqual([404, 'the_client_was_not_found']);
  });

  it('keeps the lock window and the own-document rule for client users', async () => {
    const staffDoc = (
      await saveFlow(
        ctx,
        { company: setup.visible, category: setup.category },
        text('staff.txt'),
        ctx.users.employee.token,
      )
    ).body.Result;
    expect(
      (await call(ctx, 'GET', `${BASE}/${staffDoc._id}`, undefined, ctx.users.client.token)).body.Result,
    ).toMatchObject({ canEdit: false, canDeleteFile: false });
    const edit = await portalSave({
      _id: staffDoc._id,
      company: setup.visible,
      category: setup.category,
      description: 'клиент',
    });
    expect([edit.status, edit.body.Message]).toEqual([403, 'document_flow_not_own']);
    expect(
      (
        await call(
          ctx,
          'POST',
          `${BASE}/removeFile`,
          { fileId: staffDoc.file._id, documentId: staffDoc._id },
          ctx.users.client.token,
        )
      ).status,
    ).toBe(403);

    const mine = (await portalSave({ company: setup.visible, category: setup.category }, text('old.txt'))).body.Result;
    await ageDocument(ctx, mine._id, 6);
    expect(
      (await call(ctx, 'GET', `${BASE}/${mine._id}`, undefined, ctx.users.client.token)).body.Result,
    ).toMatchObject({ locked: true, canEdit: false, canDeleteFile: false });
    expect(
      (await portalSave({ _id: mine._id, company: setup.visible, category: setup.category, description: 'късно' }))
        .status,
    ).toBe(409);
    expect(
      (
        await call(
          ctx,
          'POST',
          `${BASE}/removeFile`,
          { fileId: mine.file._id, documentId: mine._id },
          ctx.users.client.token,
        )
      ).status,
    ).toBe(409);
  });

  it('names no staff user: the provider (own company) in place of their names, no ids; client users by their own', async () => {
    const provider = t('Кантора ООД', 'Kantora Srl');
    const address = {
      country: t('България', 'Bulgaria'),
      state: t('София', 'Sofia'),
      city: t('София', 'Sofia'),
      street: t('ул. Шипка 1', 'via Shipka 1'),
      zipCode: '1000',
    };
    expect(
      (
        await call(ctx, 'POST', '/api/settings/myCompany/save', {
          name: provider,
          responsiblePerson: t('Иван Иванов', 'Ivan Ivanov'),
          bulstat: '201234567',
          vatNumber: 'BG201234567',
          address,
        })
      ).status,
    ).toBe(200);
    const staffDoc = (
      await saveFlow(
        ctx,
        { company: setup.visible, category: setup.category, description: 'от счетоводството' },
        text('staff-names.txt'),
        ctx.users.employee.token,
      )
    ).body.Result;
    // A client's document whose file the admin replaced.
    const clientDoc = (
      await portalSave(
        { company: setup.visible, category: setup.category, description: 'от клиента с файл от админ' },
        text('client-names.txt'),
      )
    ).body.Result;
    expect(
      (
        await call(ctx, 'POST', '/api/documents-flow/removeFile', {
          fileId: clientDoc.file._id,
          documentId: clientDoc._id,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await saveFlow(
          ctx,
          { _id: clientDoc._id, company: setup.visible, category: setup.category, description: clientDoc.description },
          text('admin-file.txt'),
        )
      ).status,
    ).toBe(200);

    // Staff see who did what.
    const staffView = (
      await call(ctx, 'GET', `/api/documents-flow/${staffDoc._id}`, undefined, ctx.users.employee.token)
    ).body.Result;
    expect(staffView).toMatchObject({
      createdBy: ctx.users.employee.id,
      createdByName: expect.objectContaining({ bg: expect.stringMatching(/\S/) }),
    });
    const staffNames = [staffView.createdByName.bg, staffView.createdByName.it];
    const adminNames = Object.values(
      (await call(ctx, 'GET', `/api/documents-flow/${clientDoc._id}`)).body.Result.file.uploadedByName,
    ) as string[];
    const clientName = (await call(ctx, 'GET', `/api/documents-flow/${clientDoc._id}`)).body.Result.createdByName;

    const token = ctx.users.client.token;
    const answers = {
      list: (await call(ctx, 'POST', `${BASE}/list`, { itemsPerPage: 200, description: 'от' }, token)).body.Result,
      companyList: (
        await call(
          ctx,
          'POST',
          '/api/my-companies/documents-flow/list',
          { companyId: setup.visible, itemsPerPage: 200, description: 'от' },
          token,
        )
      ).body.Result,
      staffDoc: (await call(ctx, 'GET', `${BASE}/${staffDoc._id}`, undefined, token)).body.Result,
      clientDoc: (await call(ctx, 'GET', `${BASE}/${clientDoc._id}`, undefined, token)).body.Result,
      saved: (
        await portalSave({
          _id: clientDoc._id,
          company: setup.visible,
          category: setup.category,
          description: 'от клиента, поправено',
        })
      ).body.Result,
    };
    const json = JSON.stringify(answers);
    for (const staff of [ctx.users.employee.id, ctx.users.admin.id, ...staffNames, ...adminNames])
      expect([staff, json.includes(staff)]).toEqual([staff, false]);
    expect(answers.staffDoc).toMatchObject({
      createdBy: null,
      createdByName: provider,
      file: { uploadedByName: provider },
    });
    expect(answers.clientDoc).toMatchObject({
      createdBy: ctx.users.client.id,
      createdByName: clientName,
      file: { uploadedByName: provider },
    });
    expect(answers.saved).toMatchObject({
      createdBy: ctx.users.client.id,
      createdByName: clientName,
      file: { uploadedByName: provider },
    });
    for (const page of [answers.list, answers.companyList]) {
      const byId = new Map(page.Items.map((row: { _id: string }) => [row._id, row]));
      expect(byId.get(staffDoc._id)).toMatchObject({
        createdBy: null,
        createdByName: provider,
        file: { uploadedByName: provider },
      });
      expect(byId.get(clientDoc._id)).toMatchObject({ createdBy: ctx.users.client.id, createdByName: clientName });
    }
    // Sorted by the names shown (the provider's for staff documents), never by staff names.
    for (const sortDesc of [false, true]) {
      const sorted = (
        await call(ctx, 'POST', `${BASE}/list`, { itemsPerPage: 200, sortBy: 'createdBy', sortDesc }, token)
      ).body.Result.Items as { createdByName: { bg: string } | null }[];
      const names = sorted.map((row) => row.createdByName?.bg ?? '');
      expect(names).toEqual([...names].sort((a, b) => (sortDesc ? -1 : 1) * (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('keeps staff calls from client users and portal calls from staff', async () => {
    expect((await call(ctx, 'POST', '/api/documents-flow/list', {}, ctx.users.client.token)).status).toBe(403);
    expect((await call(ctx, 'POST', `${BASE}/list`, {}, ctx.users.admin.token)).status).toBe(403);
    expect(
      (await call(ctx, 'POST', `${BASE}/remove`, { documentId: crypto.randomUUID() }, ctx.users.client.token)).status,
    ).toBe(404);
  });
});
