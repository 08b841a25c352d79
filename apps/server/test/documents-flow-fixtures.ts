import { Access } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { bearer, call, createTestContext, multipart, type TestContext } from './helpers.ts';
import { createClient, t } from './clients-fixtures.ts';

/** A minimal valid PDF (one empty page). */
export function tinyPdf(text = 'Kantora'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 12 Tf 20 50 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 12 Tf 20 50 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The 8-byte PNG signature and a few bytes: enough for the magic-number check. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-and-more')]);

export interface FlowSetup {
  ctx: TestContext;
  /** A client the employees see (and the client user is listed on). */
  visible: string;
  /** A client no employee sees. */
  hidden: string;
  category: string;
  subcategory: string;
  inactiveCategory: string;
  /** A second employee who sees `visible` too. */
  colleague: { id: string; token: string };
}

export async function setUpFlow(env: Record<string, string> = {}): Promise<FlowSetup> {
  const ctx = await createTestContext(env);
  const save = async (body: object) => (await call(ctx, 'POST', '/api/settings/document-flow-categories/save', body)).body.Result._id as string;
  const category = await save({ name: t('Входящи', 'In entrata') });
  const subcategory = await save({ name: t('Договори', 'Contratti'), parent: category });
  const inactiveCategory = await save({ name: t('Стари', 'Vecchi'), status: false });
  const colleagueUser = await ctx.createUser(Access.employee);
  const colleague = { id: colleagueUser.id, token: await ctx.signIn(colleagueUser.email) };
  const visible = (await createClient(ctx, { name: t('Видим ООД', 'Visibile Srl'), managingUsers: [ctx.users.employee.id, colleague.id], clientUsers: [ctx.users.client.id] }))._id;
  const hidden = (await createClient(ctx, { name: t('Скрит ООД', 'Nascosto Srl') }))._id;
  return { ctx, visible, hidden, category, subcategory, inactiveCategory, colleague };
}

export interface UploadFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** POST {base}/save as multipart. */
export async function saveFlow(ctx: TestContext, fields: Record<string, string>, file?: UploadFile, token = ctx.users.admin.token, base = '/api/documents-flow') {
  const body = multipart(fields, file);
  const response = await ctx.app.inject({ method: 'POST', url: `${base}/save`, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  return { status: response.statusCode, body: response.json() };
}

/** A GET answering the raw response (downloads, previews). */
export const getRaw = (ctx: TestContext, url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** Moves a document's creation (and, when told, its file's upload) back by some days. */
export async function ageDocument(ctx: TestContext, id: string, days: number, what: { created?: boolean; upload?: boolean } = { created: true, upload: true }) {
  if (what.created) await ctx.database.db.execute(sql`update documents_flow set created = now() - make_interval(days => ${days}) where id = ${id}`);
  if (what.upload) await ctx.database.db.execute(sql`update files set upload_date = now() - make_interval(days => ${days}) where id = (select file_id from documents_flow where id = ${id})`);
}
