import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { checkedContentType } from '../src/http/content-type.ts';
import { safeEntryName, uniqueEntryNames } from '../src/modules/documents-flow/zip.ts';
import { type FlowSetup, getRaw, PNG_BYTES, saveFlow, setUpFlow, tinyPdf } from './documents-flow-fixtures.ts';
import { bearer, call, type TestContext } from './helpers.ts';

let setup: FlowSetup;
let ctx: TestContext;
beforeAll(async () => {
  // A small upload limit so that the 413 needs little memory.
  setup = await setUpFlow({ MAX_UPLOAD_MB: '2' });
  ctx = setup.ctx;
});
afterAll(() => ctx.close());

const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html><html><body><script>parent.hacked = true</script><p>Здравей</p></body></html>',
);

async function upload(
  filename: string,
  contentType: string,
  data: Buffer,
  token = ctx.users.employee.token,
  company = setup.visible,
) {
  const response = await saveFlow(ctx, { company, category: setup.category }, { filename, contentType, data }, token);
  if (response.status !== 200) throw new Error(`not saved: ${JSON.stringify(response.body)}`);
  return response.body.Result as {
    _id: string;
    file: { _id: string; filename: string; contentType: string; previewable: boolean; length: number };
  };
}

/** The preview of a file as the iframe would load it: a link first, then the link without any header. */
async function preview(fileId: string, token = ctx.users.employee.token) {
  const link = await call(ctx, 'GET', `/api/documents-flow/previewLink/${fileId}`, undefined, token);
  expect(link.status).toBe(200);
  expect(link.body.Result).toEqual({
    url: expect.stringMatching(new RegExp(`^/api/documents-flow/preview/${fileId}\\?token=`)),
    expires: expect.any(String),
  });
  return getRaw(ctx, link.body.Result.url);
}

describe('content types checked against the first bytes', () => {
  it('stores what the bytes are, whatever the upload claims', async () => {
    const pdf = tinyPdf();
    const cases: Array<[string, string, Buffer, string, boolean]> = [
      ['real.pdf', 'application/pdf', pdf, 'application/pdf', true],
      ['named.bin', 'application/octet-stream', pdf, 'application/pdf', true],
      ['fake.pdf', 'application/pdf', HTML_PAGE, 'text/html', true],
      ['page.txt', 'text/plain', HTML_PAGE, 'text/html', true],
      ['image.png', 'image/png', PNG_BYTES, 'image/png', true],
      ['photo.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg', true],
      ['notes.pdf', 'application/pdf', Buffer.from('just some words'), 'text/plain', true],
      ['noise.png', 'image/png', Buffer.from([0, 1, 2, 3, 0, 0, 7]), 'application/octet-stream', false],
      ['binary.txt', 'text/plain', Buffer.from([0, 1, 2, 3]), 'application/octet-stream', false],
      [
        'sheet.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        Buffer.from('PK\u0003\u0004rest'),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        false,
      ],
    ];
    for (const [filename, claimed, data, stored, previewable] of cases) {
      const doc = await upload(filename, claimed, data);
      expect([filename, doc.file.contentType, doc.file.previewable]).toEqual([filename, stored, previewable]);
    }
    expect(checkedContentType('text/plain; charset=utf-8', Buffer.from('текст'))).toBe('text/plain; charset=utf-8');
  });

  it('serves an HTML file called .pdf as text/html: an attachment to download, a sandbox to preview', async () => {
    const doc = await upload('invoice.pdf', 'application/pdf', HTML_PAGE);
    const download = await getRaw(ctx, `/api/documents-flow/download/${doc.file._id}`, ctx.users.employee.token);
    expect(download.headers['content-type']).toBe('text/html');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toMatch(/^sandbox;/);

    const shown = await preview(doc.file._id);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(HTML_PAGE)).toBe(true);
    expect(shown.headers['content-type']).toBe('text/html');
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(shown.headers['content-security-policy']).not.toMatch(/allow-scripts|allow-same-origin/);
  });

  it('previews text as UTF-8 and images and PDFs inline; refuses other types', async () => {
    const text = await upload('бележка.txt', 'text/plain', Buffer.from('здравей'));
    const shownText = await preview(text.file._id);
    expect(shownText.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(shownText.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(shownText.body).toBe('здравей');

    const png = await upload('scan.png', 'image/png', PNG_BYTES);
    const shownPng = await preview(png.file._id);
    expect([shownPng.headers['content-type'], shownPng.headers['content-security-policy']]).toEqual([
      'image/png',
      expect.stringMatching(/^sandbox;/),
    ]);

    const pdf = await upload('doc.pdf', 'application/pdf', tinyPdf());
    const shownPdf = await preview(pdf.file._id);
    expect(shownPdf.headers['content-type']).toBe('application/pdf');
    expect(shownPdf.headers['content-disposition']).toMatch(/^inline;/);
    expect(shownPdf.headers['x-content-type-options']).toBe('nosniff');
    expect(shownPdf.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(shownPdf.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);

    const other = await upload('data.bin', 'application/octet-stream', Buffer.from([0, 1, 2]));
    const refused = await call(
      ctx,
      'GET',
      `/api/documents-flow/previewLink/${other.file._id}`,
      undefined,
      ctx.users.employee.token,
    );
    expect([refused.status, refused.body.Message]).toEqual([400, 'document_flow_not_previewable']);
  });

  it('answers a preview only to a valid link for that file, user and session', async () => {
    const a = await upload('a.txt', 'text/plain', Buffer.from('a'));
    const b = await upload('b.txt', 'text/plain', Buffer.from('b'));
    const link = (
      await call(ctx, 'GET', `/api/documents-flow/previewLink/${a.file._id}`, undefined, ctx.users.employee.token)
    ).body.Result.url as string;
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect((await getRaw(ctx, `/api/documents-flow/preview/${b.file._id}?token=${token}`)).statusCode).toBe(401);
    expect((await getRaw(ctx, `/api/documents-flow/preview/${a.file._id}`)).statusCode).toBe(401);
    expect((await getRaw(ctx, `/api/documents-flow/preview/${a.file._id}?token=${token}x`)).statusCode).toBe(401);
    // A portal link is not a staff link.
    expect(
      (await getRaw(ctx, `/api/documents-flow/preview/${a.file._id}?token=${token}&scope=portal`)).statusCode,
    ).toBe(401);
    // No token or a bad one is 401 whatever the path and query hold, as on every other call (never a 400).
    for (const url of [
      '/api/documents-flow/preview/not-a-uuid',
      `/api/documents-flow/preview/not-a-uuid?token=${token}`,
      `/api/documents-flow/preview/${a.file._id}?scope=bogus`,
      `/api/documents-flow/preview/${a.file._id}?token=${token}&scope=bogus`,
      `/api/documents-flow/preview/${a.file._id}?token=${'x'.repeat(3000)}`,
      `/api/documents-flow/preview/${a.file._id}?token=${token}&token=${token}`,
      `/api/documents-flow/preview/${a.file._id}?token=`,
    ]) {
      const response = await getRaw(ctx, url);
      expect([url.slice(0, 120), response.statusCode, response.json().Type]).toEqual([url.slice(0, 120), 401, 0]);
    }
    // The valid link works, also with the scope spelt out.
    expect((await getRaw(ctx, `/api/documents-flow/preview/${a.file._id}?token=${token}&scope=staff`)).body).toBe('a');
    // The link is not a session token.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/documents-flow/${a._id}`, headers: bearer(token) })).statusCode,
    ).toBe(401);

    // Signing out ends the session's links.
    const user = await ctx.createUser(2);
    await ctx.database.db.execute(
      sql`update companies set managing_users = array_append(managing_users, ${user.id}::uuid) where id = ${setup.visible}`,
    );
    const session = await ctx.signIn(user.email);
    const own = (await call(ctx, 'GET', `/api/documents-flow/previewLink/${a.file._id}`, undefined, session)).body
      .Result.url as string;
    expect((await getRaw(ctx, own)).statusCode).toBe(200);
    await call(ctx, 'POST', '/api/auth/signOut', {}, session);
    expect((await getRaw(ctx, own)).statusCode).toBe(401);
  });
});

describe('uploads', () => {
  it('cleans bidirectional controls out of a file name: stored, listed, downloaded and previewed', async () => {
    const doc = await upload('invoice\u202Efdp.txt', 'text/plain', Buffer.from('x'));
    expect(doc.file.filename).toBe('invoicefdp.txt');
    const listed = await call(
      ctx,
      'POST',
      '/api/documents-flow/list',
      { fileName: 'invoicefdp' },
      ctx.users.employee.token,
    );
    expect(listed.body.Result.Items.map((row: { file: { filename: string } }) => row.file.filename)).toEqual([
      'invoicefdp.txt',
    ]);
    const disposition = `filename="invoicefdp.txt"; filename*=UTF-8''invoicefdp.txt`;
    expect(
      (await getRaw(ctx, `/api/documents-flow/download/${doc.file._id}`, ctx.users.employee.token)).headers[
        'content-disposition'
      ],
    ).toBe(`attachment; ${disposition}`);
    expect((await preview(doc.file._id)).headers['content-disposition']).toBe(`inline; ${disposition}`);
    const portal = await saveFlow(
      ctx,
      { company: setup.visible, category: setup.category },
      { filename: '\u2067scan\u2069\u200F.pdf\u200E', contentType: 'text/plain', data: Buffer.from('y') },
      ctx.users.client.token,
      '/api/my-documents-flow',
    );
    expect(portal.body.Result.file.filename).toBe('scan.pdf');
  });

  it('answers 413 over MAX_UPLOAD_MB and stores nothing', async () => {
    const count = async () =>
      (await ctx.database.db.execute(sql`select cast(count(*) as integer) as n from documents_flow`)) as unknown as {
        rows: Array<{ n: number }>;
      };
    const before = (await count()).rows[0].n;
    const response = await saveFlow(
      ctx,
      { company: setup.visible, category: setup.category },
      { filename: 'big.bin', contentType: 'application/octet-stream', data: Buffer.alloc(2 * 1024 * 1024 + 1) },
      ctx.users.employee.token,
    );
    expect([response.status, response.body.Message]).toEqual([413, 'payload_too_large']);
    expect((await count()).rows[0].n).toBe(before);
  });

  it('streams a file larger than one read slice back whole', async () => {
    const data = randomBytes(1_300_000);
    const doc = await upload('big.bin', 'application/octet-stream', data);
    const response = await getRaw(ctx, `/api/documents-flow/download/${doc.file._id}`, ctx.users.employee.token);
    expect(response.headers['content-length']).toBe(String(data.length));
    expect(response.rawPayload.equals(data)).toBe(true);
  });
});

/** The entries of a zip: name and bytes, in order. */
function unzip(data: Buffer): Promise<Array<{ name: string; data: Buffer; compressed: boolean }>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
      if (error) return reject(error);
      const entries: Array<{ name: string; data: Buffer; compressed: boolean }> = [];
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              data: Buffer.concat(chunks),
              compressed: entry.compressionMethod !== 0,
            });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('downloadFilesAsZip', () => {
  it('streams the chosen files with safe, unique names and the same bytes', async () => {
    const big = randomBytes(1_200_000);
    const text = Buffer.from('ред 1\n'.repeat(2000));
    const docs = [
      await upload('отчет.pdf', 'application/pdf', tinyPdf('one')),
      await upload('отчет.pdf', 'application/pdf', tinyPdf('two')),
      await upload('ОТЧЕТ.PDF', 'application/pdf', tinyPdf('three')),
      await upload('../../etc/passwd', 'text/plain', text),
      await upload('con.txt', 'text/plain', Buffer.from('x')),
      await upload('a:b*c?.bin', 'application/octet-stream', big),
    ];
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents-flow/downloadFilesAsZip',
      headers: bearer(ctx.users.employee.token),
      payload: { filesIds: docs.map((doc) => doc.file._id) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="documents-flow-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'отчет.pdf',
      'отчет (2).pdf',
      'ОТЧЕТ (3).PDF',
      'passwd',
      '_con.txt',
      'a_b_c_.bin',
    ]);
    expect(entries[0].data.equals(tinyPdf('one'))).toBe(true);
    expect(entries[2].data.equals(tinyPdf('three'))).toBe(true);
    expect(entries[3]).toMatchObject({ compressed: true });
    expect(entries[3].data.equals(text)).toBe(true);
    expect(entries[5].data.equals(big)).toBe(true);
    expect(entries[0].compressed).toBe(false);
  });

  it('answers 404 when any file is one the user may not see or none at all', async () => {
    const mine = await upload('mine.txt', 'text/plain', Buffer.from('m'));
    const hidden = await upload('hidden.txt', 'text/plain', Buffer.from('h'), ctx.users.admin.token, setup.hidden);
    const zip = (ids: string[], token = ctx.users.employee.token) =>
      call(ctx, 'POST', '/api/documents-flow/downloadFilesAsZip', { filesIds: ids }, token);
    expect((await zip([mine.file._id, hidden.file._id])).status).toBe(404);
    expect((await zip([mine.file._id, crypto.randomUUID()])).status).toBe(404);
    // A document's id is not a file id.
    expect((await zip([mine._id])).status).toBe(404);
    const admin = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents-flow/downloadFilesAsZip',
      headers: bearer(ctx.users.admin.token),
      payload: { filesIds: [mine.file._id, hidden.file._id, mine.file._id] },
    });
    expect(admin.statusCode).toBe(200);
    expect((await unzip(admin.rawPayload)).map((entry) => entry.name)).toEqual(['mine.txt', 'hidden.txt']);
  });

  it('takes 1 to 500 files and at most 1 GB', async () => {
    const zip = (body: object) =>
      call(ctx, 'POST', '/api/documents-flow/downloadFilesAsZip', body, ctx.users.employee.token);
    const tooMany = await zip({ filesIds: Array.from({ length: 501 }, () => crypto.randomUUID()) });
    expect([tooMany.status, tooMany.body.Message]).toEqual([400, 'document_flow_zip_too_many_files']);
    expect((await zip({ filesIds: [] })).body).toMatchObject({ Message: 'field_is_required' });
    expect((await zip({})).status).toBe(400);
    expect((await zip({ filesIds: ['nope'] })).status).toBe(400);
    const fiveHundred = await zip({ filesIds: Array.from({ length: 500 }, () => crypto.randomUUID()) });
    expect(fiveHundred.status).toBe(404);

    const a = await upload('a.bin', 'application/octet-stream', Buffer.from('a'));
    const b = await upload('b.bin', 'application/octet-stream', Buffer.from('b'));
    // Recorded lengths stand in for 600 MB files.
    await ctx.database.db.execute(
      sql`update files set length = 600 * 1024 * 1024 where id in (${a.file._id}, ${b.file._id})`,
    );
    const tooLarge = await zip({ filesIds: [a.file._id, b.file._id] });
    expect([tooLarge.status, tooLarge.body.Message]).toEqual([400, 'document_flow_zip_too_large']);
  });

  it('is for staff only', async () => {
    expect(
      (
        await call(
          ctx,
          'POST',
          '/api/documents-flow/downloadFilesAsZip',
          { filesIds: [crypto.randomUUID()] },
          ctx.users.client.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe('zip entry names', () => {
  it('are safe on every system', () => {
    expect(safeEntryName('..\\..\\windows\\system32\\evil.exe')).toBe('evil.exe');
    expect(safeEntryName('report.')).toBe('report');
    expect(safeEntryName('...')).toBe('file');
    expect(safeEntryName('.hidden')).toBe('hidden');
    expect(safeEntryName('NUL.pdf')).toBe('_NUL.pdf');
    expect(safeEntryName('a\u0000b\u001fc.txt')).toBe('abc.txt');
    expect(safeEntryName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeEntryName(`${'я'.repeat(300)}.pdf`)).toBe(`${'я'.repeat(196)}.pdf`);
  });
  it('are unique without regard to case, skipping names already taken', () => {
    expect(uniqueEntryNames(['a.pdf', 'a (2).pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual([
      'a.pdf',
      'a (2).pdf',
      'A (3).pdf',
      'a (4).pdf',
      'b',
    ]);
  });
});
