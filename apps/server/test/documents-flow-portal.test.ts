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
const portalSave = (fields: Record<string, string>, file?: ReturnType<typeof text>, token = ctx.users.client.token) => saveFlow(ctx, fields, file, token, BASE);

describe('my documents flow', () => {
  it('offers client users the active categories (the staff look-up stays closed to them)', async () => {
    const mine = await call(ctx, 'GET', `${BASE}/categories`, undefined, ctx.users.client.token);
    expect(mine.status).toBe(200);
    const staff = await call(ctx, 'GET', '/api/metaData/getDocumentFlowCategories', undefined, ctx.users.manager.token);
    expect(mine.body.Result).toEqual(staff.body.Result);
    expect(mine.body.Result.map((row: { _id: string }) => row._id)).toContain(setup.category);
    expect((await call(ctx, 'GET', '/api/metaData/getDocumentFlowCategories', undefined, ctx.users.client.token)).status).toBe(403);
    expect((await call(ctx, 'GET', `${BASE}/categories`, undefined, ctx.users.manager.token)).status).toBe(403);
  });

  it('lets a client user add a document to their company, see it, download it and remove its file', async () => {
    const saved = await portalSave({ company: setup.visible, category: setup.category, description: 'от клиента' }, text('clients.txt', 'от клиента'));
    expect(saved.status).toBe(200);
    expect(saved.body.Result).toMatchObject({ company: setup.visible, createdBy: ctx.users.client.id, canEdit: true, canDeleteFile: true, canDelete: false });
    const doc = saved.body.Result;
    expect((await call(ctx, 'GET', `${BASE}/${doc._id}`, undefined, ctx.users.client.token)).body.Result).toMatchObject({ _id: doc._id, notes: '' });
    const download = await getRaw(ctx, `${BASE}/download/${doc.file._id}`, ctx.users.client.token);
    expect([download.statusCode, download.body, download.headers['x-content-type-options']]).toEqual([200, 'от клиента', 'nosniff']);

    // Staff who see the client see it too.
    const staffList = (await call(ctx, 'POST', '/api/documents-flow/list', { company: setup.visible }, ctx.users.employee.token)).body.Result;
    expect(staffList.Items.map((row: { _id: string }) => row._id)).toContain(doc._id);

    const link = (await call(ctx, 'GET', `${BASE}/previewLink/${doc.file._id}`, undefined, ctx.users.client.token)).body.Result.url as string;
    expect(link).toMatch(/scope=portal/);
    const preview = await getRaw(ctx, link);
    expect([preview.statusCode, preview.headers['content-security-policy']]).toEqual([200, expect.stringMatching(/^sandbox;/)]);

    const updated = await portalSave({ _id: doc._id, company: setup.visible, category: setup.category, description: 'поправено' });
    expect([updated.status, updated.body.Result.description]).toEqual([200, 'поправено']);
    expect((await call(ctx, 'POST', `${BASE}/removeFile`, { fileId: doc.file._id, documentId: doc._id }, ctx.users.client.token)).status).toBe(200);
  });

  it('lists only the companies that list the user, with every filter', async () => {
    const mine = (await portalSave({ company: setup.visible, category: setup.category, description: 'моят' }, text('mine.txt'))).body.Result;
    // A document on a company the user is not on, matching the filter.
    await saveFlow(ctx, { company: setup.hidden, category: setup.category, description: 'моят скрит' }, text('hidden.txt'));
    const others = (await portalSave({ company: otherCompany, category: setup.category, description: 'моят чужд' }, text('other.txt'), otherClient.token)).body.Result;
    const list = (await call(ctx, 'POST', `${BASE}/list`, { itemsPerPage: 200, description: 'моят' }, ctx.users.client.token)).body.Result;
    expect(list.Items.map((row: { _id: string }) => row._id)).toEqual([mine._id]);
    expect((await call(ctx, 'POST', `${BASE}/list`, { company: setup.hidden }, ctx.users.client.token)).body.Result.Total).toBe(0);
    const company = (await call(ctx, 'POST', '/api/my-companies/documents-flow/list', { companyId: setup.visible, description: 'моят' }, ctx.users.client.token)).body.Result;
    expect(company.Items.map((row: { _id: string }) => row._id)).toEqual([mine._id]);
    const foreign = await call(ctx, 'POST', '/api/my-companies/documents-flow/list', { companyId: otherCompany }, ctx.users.client.token);
    expect([foreign.status, foreign.body.Message]).toEqual([404, 'the_client_was_not_found']);
    expect((await call(ctx, 'POST', `${BASE}/list`, {}, otherClient.token)).body.Result.Items.map((row: { _id: string }) => row._id)).toEqual([others._id]);
    // A client user on no company sees nothing.
    const lonely = await ctx.createUser(Access.client);
    expect((await call(ctx, 'POST', `${BASE}/list`, {}, await ctx.signIn(lonely.email))).body.Result).toEqual({ Items: [], Total: 0, Page: 1 });
  });

  it('answers 404 not_found for documents of other companies, on every call', async () => {
    const hidden = (await saveFlow(ctx, { company: setup.hidden, category: setup.category }, text('hidden.txt'))).body.Result;
    const others = (await portalSave({ company: otherCompany, category: setup.category }, text('other.txt'), otherClient.token)).body.Result;
    for (const doc of [hidden, others]) {
      const token = ctx.users.client.token;
      const get = await call(ctx, 'GET', `${BASE}/${doc._id}`, undefined, token);
      expect([get.status, get.body.Message]).toEqual([404, 'not_found']);
      expect((await portalSave({ _id: doc._id, company: setup.visible, category: setup.category })).status).toBe(404);
      expect((await call(ctx, 'POST', `${BASE}/removeFile`, { fileId: doc.file._id, documentId: doc._id }, token)).status).toBe(404);
      expect((await getRaw(ctx, `${BASE}/download/${doc.file._id}`, token)).statusCode).toBe(404);
      expect((await getRaw(ctx, `${BASE}/previewLink/${doc.file._id}`, token)).statusCode).toBe(404);
    }
    const create = await portalSave({ company: otherCompany, category: setup.category }, text('x.txt'));
    expect([create.status, create.body.Message]).toEqual([404, 'the_client_was_not_found']);
  });

  it('keeps the lock window and the own-document rule for client users', async () => {
    const staffDoc = (await saveFlow(ctx, { company: setup.visible, category: setup.category }, text('staff.txt'), ctx.users.employee.token)).body.Result;
    expect((await call(ctx, 'GET', `${BASE}/${staffDoc._id}`, undefined, ctx.users.client.token)).body.Result).toMatchObject({ canEdit: false, canDeleteFile: false });
    const edit = await portalSave({ _id: staffDoc._id, company: setup.visible, category: setup.category, description: 'клиент' });
    expect([edit.status, edit.body.Message]).toEqual([403, 'document_flow_not_own']);
    expect((await call(ctx, 'POST', `${BASE}/removeFile`, { fileId: staffDoc.file._id, documentId: staffDoc._id }, ctx.users.client.token)).status).toBe(403);

    const mine = (await portalSave({ company: setup.visible, category: setup.category }, text('old.txt'))).body.Result;
    await ageDocument(ctx, mine._id, 6);
    expect((await call(ctx, 'GET', `${BASE}/${mine._id}`, undefined, ctx.users.client.token)).body.Result).toMatchObject({ locked: true, canEdit: false, canDeleteFile: false });
    expect((await portalSave({ _id: mine._id, company: setup.visible, category: setup.category, description: 'късно' })).status).toBe(409);
    expect((await call(ctx, 'POST', `${BASE}/removeFile`, { fileId: mine.file._id, documentId: mine._id }, ctx.users.client.token)).status).toBe(409);
  });

  it('keeps staff calls from client users and portal calls from staff', async () => {
    expect((await call(ctx, 'POST', '/api/documents-flow/list', {}, ctx.users.client.token)).status).toBe(403);
    expect((await call(ctx, 'POST', `${BASE}/list`, {}, ctx.users.admin.token)).status).toBe(403);
    expect((await call(ctx, 'POST', `${BASE}/remove`, { documentId: crypto.randomUUID() }, ctx.users.client.token)).status).toBe(404);
  });
});
