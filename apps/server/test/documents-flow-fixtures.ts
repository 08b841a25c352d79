import { Access } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { tinyPng } from '../src/seed/demo-files.ts';
import { bearer, call, createTestContext, multipart, type TestContext } from './helpers.ts';
import { createClient, t } from './clients-fixtures.ts';

export { tinyPdf } from '../src/seed/demo-files.ts';

/** A small valid PNG. */
export const PNG_BYTES = tinyPng();

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
  const save = async (body: object) =>
    (await call(ctx, 'POST', '/api/settings/document-flow-categories/save', body)).body.Result._id as string;
  const category = await save({ name: t('Входящи', 'In entrata') });
  const subcategory = await save({ name: t('Договори', 'Contratti'), parent: category });
  const inactiveCategory = await save({ name: t('Стари', 'Vecchi'), status: false });
  const colleagueUser = await ctx.createUser(Access.employee);
  const colleague = { id: colleagueUser.id, token: await ctx.signIn(colleagueUser.email) };
  const visible = (
    await createClient(ctx, {
      name: t('Видим ООД', 'Visibile Srl'),
      managingUsers: [ctx.users.employee.id, colleague.id],
      clientUsers: [ctx.users.client.id],
    })
  )._id;
  const hidden = (await createClient(ctx, { name: t('Скрит ООД', 'Nascosto Srl') }))._id;
  return { ctx, visible, hidden, category, subcategory, inactiveCategory, colleague };
}

export interface UploadFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** POST {base}/save as multipart. */
export async function saveFlow(
  ctx: TestContext,
  fields: Record<string, string>,
  file?: UploadFile,
  token = ctx.users.admin.token,
  base = '/api/documents-flow',
) {
  const body = multipart(fields, file);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${base}/save`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A GET answering the raw response (downloads, previews). */
export const getRaw = (ctx: TestContext, url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** Moves a document's creation (and, when told, its file's upload) back by some days. */
export async function ageDocument(
  ctx: TestContext,
  id: string,
  days: number,
  what: { created?: boolean; upload?: boolean } = { created: true, upload: true },
) {
  if (what.created)
    await ctx.database.db.execute(
      sql`update documents_flow set created = now() - make_interval(days => ${days}) where id = ${id}`,
    );
  if (what.upload)
    await ctx.database.db.execute(
      sql`update files set upload_date = now() - make_interval(days => ${days}) where id = (select file_id from documents_flow where id = ${id})`,
    );
}
