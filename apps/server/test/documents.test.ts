import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema/index.ts';
import { bearer, call, createTestContext, logsOf, multipart, type TestContext } from './helpers.ts';

let ctx: TestContext;
let typeId: string;
let userId: string;
beforeAll(async () => {
  // A small limit so that the 413 needs little memory.
  ctx = await createTestContext({ MAX_UPLOAD_MB: '2' });
  typeId = (await call(ctx, 'POST', '/api/settings/document-types/save', { name: { bg: 'Диплома', it: 'Diploma' } }))
    .body.Result._id;
  userId = (await ctx.createUser(2)).id;
});
afterAll(() => ctx.close());

const errorsOf = (body: { Errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.Errors ?? []).map((e) => [e.field, e.message]));

async function upload(
  fields: Record<string, string>,
  file?: { filename: string; contentType: string; data: Buffer },
  token = ctx.users.admin.token,
) {
  const body = multipart(fields, file);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/documents/save',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  return { status: response.statusCode, body: response.json() };
}
const download = (id: string, token = ctx.users.admin.token) =>
  ctx.app.inject({ method: 'GET', url: `/api/documents/download/${id}`, headers: bearer(token) });

describe('documents of a user', () => {
  it('upload a file and download the same bytes with the real type, an RFC 6266 name and nosniff', async () => {
    const data = randomBytes(5000);
    const saved = await upload(
      {
        userId,
        type: typeId,
        date: '2024-03-01',
        'description.bg': 'Диплома за висше',
        'description.it': 'Laurea',
        'notes[bg]': 'оригинал',
      },
      { filename: "Диплома 2024 (final's).pdf", contentType: 'application/pdf', data },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      Message: 'saved_successfully',
      Result: {
        _id: expect.any(String),
        userId,
        parentType: 'user',
        type: typeId,
        typeName: { bg: 'Диплома', it: 'Diploma' },
        date: '2024-03-01',
        description: { bg: 'Диплома за висше', it: 'Laurea' },
        notes: { bg: 'оригинал', it: '' },
        files: [
          {
            _id: expect.any(String),
            filename: "Диплома 2024 (final's).pdf",
            contentType: 'application/pdf',
            length: 5000,
            metadata: { uploadedBy: { fullName: expect.any(Object) } },
          },
        ],
      },
    });
    const file = saved.body.Result.files[0];
    const response = await download(file._id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(data)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe('5000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_______ 2024 (final's).pdf"; filename*=UTF-8''%D0%94%D0%B8%D0%BF%D0%BB%D0%BE%D0%BC%D0%B0%202024%20%28final%27s%29.pdf`,
    );
    const list = await call(ctx, 'POST', '/api/documents/list', { userId });
    expect(list.body.Result).toMatchObject({
      Total: 1,
      Page: 1,
      Items: [{ _id: saved.body.Result._id, files: [{ _id: file._id }] }],
    });
    expect((await call(ctx, 'GET', `/api/documents/${saved.body.Result._id}`)).body.Result).toMatchObject({
      _id: saved.body.Result._id,
      files: [{ _id: file._id }],
    });
    const docLogs = await logsOf(ctx, saved.body.Result._id);
    expect(docLogs.map((r) => [r.name, r.type])).toEqual([['Document', 'create']]);
    const fileLogs = await logsOf(ctx, file._id);
    expect(fileLogs).toMatchObject([
      { name: 'File', type: 'create', documents: { new: { filename: "Диплома 2024 (final's).pdf", length: 5000 } } },
    ]);
    expect(JSON.stringify(fileLogs[0].documents).length).toBeLessThan(1000);
  });

  it('stream a file larger than one read chunk back whole', async () => {
    const data = randomBytes(1_300_000);
    const saved = await upload({ userId, type: typeId }, { filename: 'scan.png', contentType: 'image/png', data });
    expect(saved.status).toBe(200);
    const response = await download(saved.body.Result.files[0]._id);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.length).toBe(data.length);
    expect(response.rawPayload.equals(data)).toBe(true);
  });

  it('refuse a file over MAX_UPLOAD_MB with 413 and store nothing', async () => {
    const before = (await ctx.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(files))[0].n;
    const response = await upload(
      { userId, type: typeId },
      { filename: 'big.bin', contentType: 'application/octet-stream', data: Buffer.alloc(2 * 1024 * 1024 + 1) },
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ Type: 0, Message: 'payload_too_large' });
    expect((await ctx.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(files))[0].n).toBe(before);
  });

  it('serve active content as an inert attachment', async () => {
    const saved = await upload(
      { userId, type: typeId },
      { filename: 'page.html', contentType: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
    );
    const response = await download(saved.body.Result.files[0]._id);
    expect(response.headers['content-type']).toBe('text/html');
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    const odd = await upload(
      { userId, type: typeId },
      { filename: '../../etc/passwd', contentType: 'bogus type!!', data: Buffer.from('x') },
    );
    expect(odd.body.Result.files[0]).toMatchObject({ filename: 'passwd', contentType: 'application/octet-stream' });
  });

  it('clean bidirectional controls out of a file name, stored and served', async () => {
    const saved = await upload(
      { userId, type: typeId },
      { filename: 'invoice\u202Efdp.exe', contentType: 'application/octet-stream', data: Buffer.from('MZ') },
    );
    const file = saved.body.Result.files[0];
    expect(file.filename).toBe('invoicefdp.exe');
    const response = await download(file._id);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );
    // Every bidirectional mark, embedding, override and isolate, and C1 controls.
    const marks = [
      '\u200E',
      '\u200F',
      '\u061C',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u0085',
      '\u009B',
    ];
    const all = await upload(
      { userId, type: typeId },
      { filename: `a${marks.join('b')}.txt`, contentType: 'text/plain', data: Buffer.from('x') },
    );
    expect(all.body.Result.files[0].filename).toBe(`a${'b'.repeat(marks.length - 1)}.txt`);
    expect(
      await call(ctx, 'GET', `/api/documents/${all.body.Result._id}`).then((r) => r.body.Result.files[0].filename),
    ).toBe(`a${'b'.repeat(marks.length - 1)}.txt`);
    // A name stored before the cleaning is served without them too.
    await ctx.database.db.update(files).set({ filename: 'old\u202Efdp.exe' }).where(eq(files.id, file._id));
    expect((await download(file._id)).headers['content-disposition']).toBe(
      `attachment; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`,
    );
    expect((await call(ctx, 'GET', `/api/documents/${saved.body.Result._id}`)).body.Result.files[0].filename).toBe(
      'oldfdp.exe',
    );
  });

  it('validate the fields: type required, an existing user and type, a parent', async () => {
    expect(errorsOf((await upload({ userId })).body)).toEqual({ type: 'field_is_required' });
    expect(errorsOf((await upload({ userId, type: crypto.randomUUID() })).body)).toEqual({ type: 'invalid_value' });
    expect(errorsOf((await upload({ type: typeId })).body)).toEqual({ parentId: 'field_is_required' });
    expect(errorsOf((await upload({ parentId: userId, type: typeId })).body)).toEqual({
      parentType: 'field_is_required',
    });
    expect(errorsOf((await upload({ userId, type: typeId, date: '31.12.2024' })).body)).toEqual({
      date: 'invalid_date',
    });
    expect((await upload({ userId: crypto.randomUUID(), type: typeId })).status).toBe(404);
    const unknownContract = await upload({ contractId: crypto.randomUUID(), type: typeId });
    expect([unknownContract.status, unknownContract.body.Message]).toEqual([404, 'the_contract_was_not_found']);
    const withoutFile = await upload({ parentType: 'user', parentId: userId, type: typeId });
    expect(withoutFile.body.Result).toMatchObject({ files: [], date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const json = await call(ctx, 'POST', '/api/documents/save', { userId, type: typeId });
    expect(json.status).toBe(415);
  });

  it('add files to a document, remove one file, then the whole document', async () => {
    const first = await upload(
      { userId, type: typeId },
      { filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('a') },
    );
    const id = first.body.Result._id;
    const second = await upload(
      { _id: id, type: typeId, 'description.bg': 'две' },
      { filename: 'b.txt', contentType: 'text/plain', data: Buffer.from('b') },
    );
    expect(second.body.Result).toMatchObject({ _id: id, description: { bg: 'две' } });
    expect(second.body.Result.files.map((f: { filename: string }) => f.filename)).toEqual(['a.txt', 'b.txt']);
    const [a, b] = second.body.Result.files;
    const otherUser = (await ctx.createUser(3)).id;
    expect(errorsOf((await upload({ _id: id, userId: otherUser, type: typeId })).body)).toEqual({
      parentId: 'invalid_value',
    });
    expect(
      (await call(ctx, 'POST', '/api/documents/removeFile', { fileId: a._id, documentId: crypto.randomUUID() })).status,
    ).toBe(404);
    expect(
      (await call(ctx, 'POST', '/api/documents/removeFile', { fileId: a._id, documentId: id })).body,
    ).toMatchObject({ Type: 1, Result: true });
    expect((await download(a._id)).statusCode).toBe(404);
    expect(
      (await call(ctx, 'GET', `/api/documents/${id}`)).body.Result.files.map((f: { _id: string }) => f._id),
    ).toEqual([b._id]);
    expect((await call(ctx, 'POST', '/api/documents/remove', { documentId: id })).body).toMatchObject({
      Type: 1,
      Result: true,
    });
    expect((await download(b._id)).statusCode).toBe(404);
    expect((await ctx.database.db.select().from(files).where(eq(files.id, b._id))).length).toBe(0);
    expect((await call(ctx, 'POST', '/api/documents/remove', { id })).status).toBe(404);
    expect((await logsOf(ctx, id)).map((r) => [r.name, r.type])).toEqual([
      ['Document', 'create'],
      ['Document', 'update'],
      ['Document', 'delete'],
    ]);
    expect((await logsOf(ctx, a._id)).map((r) => [r.name, r.type, r.action])).toEqual([
      ['File', 'create', 'save'],
      ['File', 'delete', 'removeFile'],
    ]);
    expect((await call(ctx, 'POST', '/api/documents/remove', {})).status).toBe(400);
  });

  it('list by parent, newest first, with paging', async () => {
    const owner = (await ctx.createUser(2)).id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await upload({ userId: owner, type: typeId, 'description.bg': `№${i}` })).body.Result._id);
    const page = await call(ctx, 'POST', '/api/documents/list', { parentType: 'user', parent: owner, itemsPerPage: 2 });
    expect(page.body.Result.Total).toBe(3);
    expect(page.body.Result.Items.map((d: { _id: string }) => d._id)).toEqual([ids[2], ids[1]]);
    expect((await call(ctx, 'POST', '/api/documents/list', {})).status).toBe(400);
    expect((await call(ctx, 'POST', '/api/documents/list', { userId: crypto.randomUUID() })).status).toBe(404);
  });

  it('are for administrators only', async () => {
    const saved = await upload(
      { userId, type: typeId },
      { filename: 'x.txt', contentType: 'text/plain', data: Buffer.from('x') },
    );
    for (const role of ['manager', 'employee', 'accountant', 'client'] as const) {
      const token = ctx.users[role].token;
      expect((await download(saved.body.Result.files[0]._id, token)).statusCode).toBe(role === 'client' ? 403 : 404);
      expect((await upload({ userId, type: typeId }, undefined, token)).status).toBe(403);
      expect((await call(ctx, 'POST', '/api/documents/list', { userId }, token)).status).toBe(403);
    }
    expect((await download(crypto.randomUUID())).statusCode).toBe(404);
  });

  it('answer a document or file the user may not see exactly like an unknown id, on every call that names one', async () => {
    const saved = (
      await upload({ userId, type: typeId }, { filename: 'y.txt', contentType: 'text/plain', data: Buffer.from('y') })
    ).body.Result;
    const calls = (document: string, file: string) => [
      { label: 'GET {id}', method: 'GET' as const, url: `/api/documents/${document}` },
      { label: 'download', method: 'GET' as const, url: `/api/documents/download/${file}` },
      { label: 'remove', method: 'POST' as const, url: '/api/documents/remove', payload: { documentId: document } },
      {
        label: 'removeFile',
        method: 'POST' as const,
        url: '/api/documents/removeFile',
        payload: { fileId: file, documentId: document },
      },
      {
        label: 'removeFile without document',
        method: 'POST' as const,
        url: '/api/documents/removeFile',
        payload: { fileId: file },
      },
    ];
    const answer = async (request: ReturnType<typeof calls>[number], token: string) => {
      const response = await ctx.app.inject({
        method: request.method,
        url: request.url,
        payload: request.payload,
        headers: bearer(token),
      });
      return [request.label, response.statusCode, response.json()];
    };
    const unknown = calls(crypto.randomUUID(), crypto.randomUUID());
    for (const role of ['manager', 'employee', 'accountant'] as const) {
      const token = ctx.users[role].token;
      for (const [index, request] of calls(saved._id, saved.files[0]._id).entries()) {
        const got = await answer(request, token);
        expect(got).toEqual([request.label, 404, { Type: 0, Message: 'not_found' }]);
        expect(await answer(unknown[index], token)).toEqual(got);
      }
      // A change naming the document: the same 404.
      const edit = await upload({ _id: saved._id, type: typeId }, undefined, token);
      expect([role, edit.status, edit.body]).toEqual([role, 404, { Type: 0, Message: 'not_found' }]);
      const editOther = await upload({ _id: saved._id, userId: ctx.users.admin.id, type: typeId }, undefined, token);
      expect([role, editOther.status, editOther.body]).toEqual([role, 404, { Type: 0, Message: 'not_found' }]);
      expect((await upload({ _id: crypto.randomUUID(), type: typeId }, undefined, token)).body).toEqual({
        Type: 0,
        Message: 'not_found',
      });
    }
    // Nothing was changed.
    expect(
      (await call(ctx, 'GET', `/api/documents/${saved._id}`)).body.Result.files.map((f: { _id: string }) => f._id),
    ).toEqual([saved.files[0]._id]);
  });
});
