import { sofiaDay } from '@kantora/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsFlow, files } from '../src/db/schema/index.ts';
import { errorsOf } from './clients-fixtures.ts';
import {
  ageDocument,
  type FlowSetup,
  getRaw,
  PNG_BYTES,
  saveFlow,
  setUpFlow,
  tinyPdf,
} from './documents-flow-fixtures.ts';
import { call, logsOf, type TestContext } from './helpers.ts';

let setup: FlowSetup;
let ctx: TestContext;
beforeAll(async () => {
  setup = await setUpFlow();
  ctx = setup.ctx;
});
afterAll(() => ctx.close());

const pdf = (name = 'договор.pdf') => ({ filename: name, contentType: 'application/pdf', data: tinyPdf() });
const text = (name = 'бележка.txt', body = 'здравей') => ({
  filename: name,
  contentType: 'text/plain',
  data: Buffer.from(body),
});

/** A document on the visible client, created by `token`'s user (the employee unless told). */
async function create(
  fields: Record<string, string> = {},
  file: { filename: string; contentType: string; data: Buffer } = text(),
  token = ctx.users.employee.token,
) {
  const response = await saveFlow(ctx, { company: setup.visible, category: setup.category, ...fields }, file, token);
  if (response.status !== 200) throw new Error(`not created: ${JSON.stringify(response.body)}`);
  return response.body.Result as { _id: string; file: { _id: string } } & Record<string, any>;
}

describe('saving a document', () => {
  it('creates a document with its file, answers its rights, logs both, and downloads the same bytes', async () => {
    const data = tinyPdf('Hello');
    const response = await saveFlow(
      ctx,
      {
        company: setup.visible,
        category: setup.subcategory,
        date: '2026-03-02',
        description: 'Подписан договор',
        notes: 'оригинал в офиса',
      },
      { filename: 'Договор №1 (final).pdf', contentType: 'application/pdf', data },
      ctx.users.employee.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Message: 'saved_successfully',
      Result: {
        _id: expect.any(String),
        company: setup.visible,
        companyName: { bg: 'Видим ООД', it: 'Visibile Srl' },
        category: setup.subcategory,
        categoryName: { bg: 'Договори', it: 'Contratti' },
        date: '2026-03-02',
        description: 'Подписан договор',
        notes: 'оригинал в офиса',
        createdBy: ctx.users.employee.id,
        file: {
          _id: expect.any(String),
          filename: 'Договор №1 (final).pdf',
          contentType: 'application/pdf',
          length: data.length,
          previewable: true,
        },
        locked: false,
        canEdit: true,
        canDeleteFile: true,
        canDelete: false,
        lockDays: 5,
      },
    });
    const saved = response.body.Result;
    expect(Date.parse(saved.currentTime)).toBeGreaterThan(Date.now() - 60_000);

    const download = await getRaw(ctx, `/api/documents-flow/download/${saved.file._id}`, ctx.users.employee.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename=".*"; filename\*=UTF-8''%D0%94%D0%BE%D0%B3/,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toMatch(/^sandbox/);

    expect((await logsOf(ctx, saved._id)).map((row) => [row.name, row.type, row.action])).toEqual([
      ['DocumentFlow', 'create', 'save'],
    ]);
    const fileLogs = await logsOf(ctx, saved.file._id);
    expect(fileLogs).toMatchObject([
      {
        name: 'File',
        type: 'create',
        model: 'files',
        documents: { new: { filename: 'Договор №1 (final).pdf', documentFlowId: saved._id } },
      },
    ]);

    // The admin sees the same document with every right.
    expect((await call(ctx, 'GET', `/api/documents-flow/${saved._id}`)).body.Result).toMatchObject({
      canEdit: true,
      canDeleteFile: true,
      canDelete: true,
      locked: false,
    });
  });

  it('updates the fields, keeps the file, and logs old and new', async () => {
    const doc = await create({ description: 'преди' });
    const response = await saveFlow(
      ctx,
      {
        _id: doc._id,
        company: setup.visible,
        category: setup.category,
        description: 'след',
        notes: 'н',
        date: '2026-01-05',
      },
      undefined,
      ctx.users.employee.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      _id: doc._id,
      description: 'след',
      notes: 'н',
      date: '2026-01-05',
      file: { _id: doc.file._id },
    });
    const rows = await logsOf(ctx, doc._id);
    expect(rows.map((row) => row.type)).toEqual(['create', 'update']);
    expect(rows[1].documents).toMatchObject({ old: { description: 'преди' }, new: { description: 'след' } });
  });

  it('refuses missing fields, a missing file, a second file and a category that is inactive or unknown', async () => {
    const empty = await saveFlow(ctx, {}, undefined, ctx.users.employee.token);
    expect(empty.status).toBe(400);
    expect(errorsOf(empty.body)).toEqual({ company: 'field_is_required', category: 'field_is_required' });

    const noFile = await saveFlow(
      ctx,
      { company: setup.visible, category: setup.category },
      undefined,
      ctx.users.employee.token,
    );
    expect([noFile.status, errorsOf(noFile.body)]).toEqual([400, { file: 'field_is_required' }]);

    const doc = await create();
    const second = await saveFlow(
      ctx,
      { _id: doc._id, company: setup.visible, category: setup.category },
      text('втори.txt'),
      ctx.users.employee.token,
    );
    expect([second.status, errorsOf(second.body)]).toEqual([400, { file: 'document_flow_file_exists' }]);

    const inactive = await saveFlow(
      ctx,
      { company: setup.visible, category: setup.inactiveCategory },
      text(),
      ctx.users.employee.token,
    );
    expect([inactive.status, errorsOf(inactive.body)]).toEqual([400, { category: 'invalid_value' }]);
    const unknown = await saveFlow(
      ctx,
      { company: setup.visible, category: crypto.randomUUID() },
      text(),
      ctx.users.employee.token,
    );
    expect([unknown.status, errorsOf(unknown.body)]).toEqual([400, { category: 'invalid_value' }]);
    const badDate = await saveFlow(
      ctx,
      { company: setup.visible, category: setup.category, date: '1899-12-31' },
      text(),
      ctx.users.employee.token,
    );
    expect([badDate.status, errorsOf(badDate.body)]).toEqual([400, { date: 'min_date' }]);
  });

  it('takes today (Sofia) when the date is blank, and a new file once the old one is removed', async () => {
    const doc = await create({ date: '' });
    const today = sofiaDay();
    expect(doc.date).toBe(today);
    expect(
      (
        await call(
          ctx,
          'POST',
          '/api/documents-flow/removeFile',
          { fileId: doc.file._id, documentId: doc._id },
          ctx.users.employee.token,
        )
      ).status,
    ).toBe(200);
    const stored = await ctx.database.db.select().from(files).where(eq(files.id, doc.file._id));
    expect(stored).toEqual([]);
    const withoutFile = (await call(ctx, 'GET', `/api/documents-flow/${doc._id}`, undefined, ctx.users.employee.token))
      .body.Result;
    expect(withoutFile).toMatchObject({ file: null, canDeleteFile: false, canEdit: true });
    const again = await saveFlow(
      ctx,
      { _id: doc._id, company: setup.visible, category: setup.category },
      { filename: 'нов.png', contentType: 'image/png', data: PNG_BYTES },
      ctx.users.employee.token,
    );
    expect(again.status).toBe(200);
    expect(again.body.Result.file).toMatchObject({ filename: 'нов.png', contentType: 'image/png' });
    const rows = await logsOf(ctx, doc._id);
    expect(rows.map((row) => [row.type, row.action])).toEqual([
      ['create', 'save'],
      ['update', 'removeFile'],
      ['update', 'save'],
    ]);
    expect((await logsOf(ctx, doc.file._id)).map((row) => [row.name, row.type])).toEqual([
      ['File', 'create'],
      ['File', 'delete'],
    ]);
  });
});

describe('the lock window and own documents', () => {
  it('locks a document for its creator after DOCUMENT_FLOW_LOCK_DAYS, never for the admin', async () => {
    const doc = await create();
    await ageDocument(ctx, doc._id, 6);
    const mine = (await call(ctx, 'GET', `/api/documents-flow/${doc._id}`, undefined, ctx.users.employee.token)).body
      .Result;
    expect(mine).toMatchObject({ locked: true, canEdit: false, canDeleteFile: false, canDelete: false });
    const listed = (
      await call(
        ctx,
        'POST',
        '/api/documents-flow/list',
        { company: setup.visible, itemsPerPage: 200 },
        ctx.users.employee.token,
      )
    ).body.Result.Items.find((row: { _id: string }) => row._id === doc._id);
    expect(listed).toMatchObject({ locked: true, canEdit: false });

    const save = await saveFlow(
      ctx,
      { _id: doc._id, company: setup.visible, category: setup.category, description: 'късно' },
      undefined,
      ctx.users.employee.token,
    );
    expect([save.status, save.body.Message]).toEqual([409, 'document_flow_locked']);
    const removeFile = await call(
      ctx,
      'POST',
      '/api/documents-flow/removeFile',
      { fileId: doc.file._id, documentId: doc._id },
      ctx.users.employee.token,
    );
    expect([removeFile.status, removeFile.body.Message]).toEqual([409, 'document_flow_locked']);

    const admin = (await call(ctx, 'GET', `/api/documents-flow/${doc._id}`)).body.Result;
    expect(admin).toMatchObject({ locked: false, canEdit: true, canDeleteFile: true, canDelete: true });
    expect(
      (await saveFlow(ctx, { _id: doc._id, company: setup.visible, category: setup.category, description: 'от админ' }))
        .status,
    ).toBe(200);
    expect(
      (await call(ctx, 'POST', '/api/documents-flow/removeFile', { fileId: doc.file._id, documentId: doc._id })).status,
    ).toBe(200);
  });

  it('is still open one day before the window ends', async () => {
    const doc = await create();
    await ageDocument(ctx, doc._id, 4);
    expect(
      (await call(ctx, 'GET', `/api/documents-flow/${doc._id}`, undefined, ctx.users.employee.token)).body.Result,
    ).toMatchObject({ locked: false, canEdit: true, canDeleteFile: true });
    expect(
      (
        await saveFlow(
          ctx,
          { _id: doc._id, company: setup.visible, category: setup.category, description: 'навреме' },
          undefined,
          ctx.users.employee.token,
        )
      ).status,
    ).toBe(200);
  });

  it('counts file deletion from the file’s upload, not from the document’s creation', async () => {
    const oldDocNewFile = await create();
    await ageDocument(ctx, oldDocNewFile._id, 6, { created: true });
    expect(
      (await call(ctx, 'GET', `/api/documents-flow/${oldDocNewFile._id}`, undefined, ctx.users.employee.token)).body
        .Result,
    ).toMatchObject({ locked: true, canEdit: false, canDeleteFile: true });
    expect(
      (
        await call(
          ctx,
          'POST',
          '/api/documents-flow/removeFile',
          { fileId: oldDocNewFile.file._id, documentId: oldDocNewFile._id },
          ctx.users.employee.token,
        )
      ).status,
    ).toBe(200);

    const newDocOldFile = await create();
    await ageDocument(ctx, newDocOldFile._id, 6, { upload: true });
    expect(
      (await call(ctx, 'GET', `/api/documents-flow/${newDocOldFile._id}`, undefined, ctx.users.employee.token)).body
        .Result,
    ).toMatchObject({ locked: false, canEdit: true, canDeleteFile: false });
    const refused = await call(
      ctx,
      'POST',
      '/api/documents-flow/removeFile',
      { fileId: newDocOldFile.file._id, documentId: newDocOldFile._id },
      ctx.users.employee.token,
    );
    expect([refused.status, refused.body.Message]).toEqual([409, 'document_flow_locked']);
  });

  it('lets non-admins change only their own documents', async () => {
    const doc = await create();
    for (const token of [setup.colleague.token, ctx.users.manager.token, ctx.users.accountant.token]) {
      const seen = (await call(ctx, 'GET', `/api/documents-flow/${doc._id}`, undefined, token)).body.Result;
      expect(seen).toMatchObject({
        _id: doc._id,
        locked: false,
        canEdit: false,
        canDeleteFile: false,
        canDelete: false,
      });
      const save = await saveFlow(
        ctx,
        { _id: doc._id, company: setup.visible, category: setup.category, description: 'чужд' },
        undefined,
        token,
      );
      expect([save.status, save.body.Message]).toEqual([403, 'document_flow_not_own']);
      const removeFile = await call(
        ctx,
        'POST',
        '/api/documents-flow/removeFile',
        { fileId: doc.file._id, documentId: doc._id },
        token,
      );
      expect([removeFile.status, removeFile.body.Message]).toEqual([403, 'document_flow_not_own']);
    }
    // Anyone who sees the client may read and download it.
    expect((await getRaw(ctx, `/api/documents-flow/download/${doc.file._id}`, setup.colleague.token)).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for a file that is not the document’s', async () => {
    const a = await create();
    const b = await create();
    const response = await call(
      ctx,
      'POST',
      '/api/documents-flow/removeFile',
      { fileId: b.file._id, documentId: a._id },
      ctx.users.employee.token,
    );
    expect(response.status).toBe(404);
  });
});

describe('deleting a document', () => {
  it('is for the admin only, removes the file too and logs both', async () => {
    const doc = await create();
    for (const token of [ctx.users.employee.token, ctx.users.manager.token, ctx.users.accountant.token]) {
      expect((await call(ctx, 'POST', '/api/documents-flow/remove', { documentId: doc._id }, token)).status).toBe(403);
    }
    const response = await call(ctx, 'POST', '/api/documents-flow/remove', { documentId: doc._id });
    expect([response.status, response.body.Message]).toEqual([200, 'deleted_successfully']);
    expect((await call(ctx, 'GET', `/api/documents-flow/${doc._id}`)).status).toBe(404);
    expect(await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.id, doc.file._id))).toEqual([]);
    expect((await logsOf(ctx, doc._id)).map((row) => row.type)).toEqual(['create', 'delete']);
    expect((await logsOf(ctx, doc.file._id)).map((row) => row.type)).toEqual(['create', 'delete']);
    expect((await call(ctx, 'POST', '/api/documents-flow/remove', { documentId: doc._id })).status).toBe(404);
  });
});

describe('a client the user may not see', () => {
  it('answers 404 for every call, like an unknown id', async () => {
    const hiddenDoc = (await saveFlow(ctx, { company: setup.hidden, category: setup.category }, pdf())).body.Result;
    const token = ctx.users.employee.token;
    const create = await saveFlow(ctx, { company: setup.hidden, category: setup.category }, text(), token);
    expect([create.status, create.body.Message]).toEqual([404, 'the_client_was_not_found']);
    const move = await saveFlow(
      ctx,
      {
        _id: await (async () =>
          (await saveFlow(ctx, { company: setup.visible, category: setup.category }, text(), token)).body.Result._id)(),
        company: setup.hidden,
        category: setup.category,
      },
      undefined,
      token,
    );
    expect([move.status, move.body.Message]).toEqual([404, 'the_client_was_not_found']);
    const answers = [
      (await call(ctx, 'GET', `/api/documents-flow/${hiddenDoc._id}`, undefined, token)).status,
      (await saveFlow(ctx, { _id: hiddenDoc._id, company: setup.hidden, category: setup.category }, undefined, token))
        .status,
      (
        await call(
          ctx,
          'POST',
          '/api/documents-flow/removeFile',
          { fileId: hiddenDoc.file._id, documentId: hiddenDoc._id },
          token,
        )
      ).status,
      (await getRaw(ctx, `/api/documents-flow/download/${hiddenDoc.file._id}`, token)).statusCode,
      (await getRaw(ctx, `/api/documents-flow/previewLink/${hiddenDoc.file._id}`, token)).statusCode,
      (await call(ctx, 'POST', '/api/documents-flow/downloadFilesAsZip', { filesIds: [hiddenDoc.file._id] }, token))
        .status,
    ];
    expect(answers).toEqual([404, 404, 404, 404, 404, 404]);
    const unknown = crypto.randomUUID();
    expect((await call(ctx, 'GET', `/api/documents-flow/${unknown}`, undefined, token)).body).toEqual(
      (await call(ctx, 'GET', `/api/documents-flow/${hiddenDoc._id}`, undefined, token)).body,
    );
    const list = (await call(ctx, 'POST', '/api/documents-flow/list', { itemsPerPage: 200 }, token)).body.Result;
    expect(list.Items.some((row: { company: string }) => row.company === setup.hidden)).toBe(false);
    expect((await call(ctx, 'POST', '/api/documents-flow/list', { company: setup.hidden }, token)).body.Result).toEqual(
      { Items: [], Total: 0, Page: 1 },
    );
    // The manager and the accountant see every client.
    expect(
      (await call(ctx, 'GET', `/api/documents-flow/${hiddenDoc._id}`, undefined, ctx.users.accountant.token)).status,
    ).toBe(200);
  });
});

describe('the list', () => {
  it('filters by each field, sorts by created descending by default and pages up to 200', async () => {
    const db = ctx.database.db;
    await db.delete(documentsFlow);
    const a = await create(
      { date: '2025-01-10', description: 'Фактура за януари' },
      { filename: 'Invoice-January.pdf', contentType: 'application/pdf', data: tinyPdf() },
    );
    const b = await create(
      { date: '2025-02-10', description: 'Протокол', category: setup.subcategory },
      text('protocol.txt'),
    );
    const c = (
      await saveFlow(
        ctx,
        { company: setup.hidden, category: setup.category, date: '2025-03-10', description: 'Скрит протокол' },
        text('hidden.txt'),
      )
    ).body.Result;
    await db.execute(sql`update documents_flow set created = '2025-01-11T10:00:00Z' where id = ${a._id}`);
    await db.execute(sql`update documents_flow set created = '2025-02-11T23:30:00Z' where id = ${b._id}`); // 12 Feb in Sofia
    await db.execute(sql`update documents_flow set created = '2025-03-11T10:00:00Z' where id = ${c._id}`);

    const ids = async (filter: object, token = ctx.users.admin.token) => {
      const response = await call(ctx, 'POST', '/api/documents-flow/list', { itemsPerPage: 200, ...filter }, token);
      expect(response.status).toBe(200);
      return response.body.Result.Items.map((row: { _id: string }) => row._id);
    };
    expect(await ids({})).toEqual([c._id, b._id, a._id]);
    expect(await ids({}, ctx.users.employee.token)).toEqual([b._id, a._id]);
    expect(await ids({ company: setup.hidden })).toEqual([c._id]);
    expect(await ids({ client: setup.visible })).toEqual([b._id, a._id]);
    expect(await ids({ category: setup.category })).toEqual([c._id, b._id, a._id]);
    expect(await ids({ category: setup.subcategory })).toEqual([b._id]);
    expect(await ids({ fromDate: '2025-02-01', toDate: '2025-02-28' })).toEqual([b._id]);
    expect(await ids({ fromDate: '2025-02-10' })).toEqual([c._id, b._id]);
    expect(await ids({ uploadedFrom: '2025-02-12', uploadedTo: '2025-02-12' })).toEqual([b._id]);
    expect(await ids({ uploadedTo: '2025-02-11' })).toEqual([a._id]);
    expect(await ids({ fileName: 'invoice-jan' })).toEqual([a._id]);
    expect(await ids({ fileName: '.tx' })).toEqual([c._id, b._id]);
    expect(await ids({ description: 'ПРОТОКОЛ' })).toEqual([c._id, b._id]);
    expect(await ids({ description: '100%' })).toEqual([]);
    expect(await ids({ sortBy: 'date', sortDesc: false })).toEqual([a._id, b._id, c._id]);
    expect((await ids({ sortBy: ['file'], sortDesc: [true] }))[0]).toBe(b._id);
    expect((await ids({ sortBy: 'company', sortDesc: false })).at(-1)).toBe(c._id);
    expect((await ids({ sortBy: 'company', sortDesc: true }))[0]).toBe(c._id);
    // Договори (b) before Входящи (a, c) descending; the employee's list joins the companies for visibility too.
    expect((await ids({ sortBy: 'category', sortDesc: true }))[0]).toBe(b._id);
    expect(await ids({ sortBy: 'category.it', sortDesc: false }, ctx.users.employee.token)).toEqual([b._id, a._id]);
    expect(
      await ids({ sortBy: 'createdBy', fromDate: '2025-01-01', toDate: '2025-12-31' }, ctx.users.employee.token),
    ).toHaveLength(2);

    const page = (await call(ctx, 'POST', '/api/documents-flow/list', { itemsPerPage: 1, page: 2 })).body.Result;
    expect(page).toMatchObject({ Total: 3, Page: 2, Items: [{ _id: b._id }] });
    expect(page.Items[0]).toMatchObject({
      categoryName: { bg: 'Договори' },
      companyName: { bg: 'Видим ООД' },
      file: { filename: 'protocol.txt', contentType: 'text/plain' },
      createdByName: expect.any(Object),
    });
    expect(page.Items[0]).not.toHaveProperty('notes');
    expect((await call(ctx, 'POST', '/api/documents-flow/list', { itemsPerPage: 201 })).status).toBe(400);
    const badRange = await call(ctx, 'POST', '/api/documents-flow/list', {
      fromDate: '2025-02-01',
      toDate: '2025-01-01',
    });
    expect([badRange.status, errorsOf(badRange.body)]).toEqual([400, { toDate: 'end_date_before_start_date' }]);
    expect((await call(ctx, 'POST', '/api/documents-flow/list', { sortBy: 'notes' })).status).toBe(400);
  });
});
