import type { MailAttachmentView, MailListQuery, MailView } from '@kantora/domain';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sofiaDayStart } from '../../db/sql-helpers.ts';
import { mailAttachments, mailMessages } from '../../db/schema/index.ts';
import { likePattern, offsetOf, orderBy, totalCount } from '../../http/paging.ts';
import { type MessageRow, mailView } from './mail.views.ts';

/** The attachment lists (without bytes) of some messages. */
export async function attachmentsOf(db: Executor, ids: string[]): Promise<Map<string, MailAttachmentView[]>> {
  const result = new Map<string, MailAttachmentView[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      id: mailAttachments.id,
      mailId: mailAttachments.mailId,
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      size: sql<number>`cast(octet_length(${mailAttachments.content}) as integer)`,
    })
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailId, ids))
    .orderBy(asc(mailAttachments.mailId), asc(mailAttachments.position));
  for (const row of rows)
    result.get(row.mailId)?.push({ _id: row.id, filename: row.filename, contentType: row.contentType, size: row.size });
  return result;
}

/** Views of message rows with their attachment lists. */
export async function viewsOf(db: Executor, rows: MessageRow[]): Promise<MailView[]> {
  const attachments = await attachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => mailView(row, attachments.get(row.id) ?? []));
}

/** An entity's messages (a document's mail history), newest first. */
export async function mailsOf(db: Executor, entity: { model: string; id: string }): Promise<MailView[]> {
  const rows = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.entityModel, entity.model), eq(mailMessages.entityId, entity.id)))
    .orderBy(desc(mailMessages.created), asc(mailMessages.id));
  return viewsOf(db, rows);
}

/** A page of the outgoing mail list: filters state, creation days (Europe/Sofia), recipient, entity; newest first. */
export async function mailList(db: Executor, query: MailListQuery): Promise<{ items: MailView[]; total: number }> {
  const where = and(
    query.state ? eq(mailMessages.state, query.state) : undefined,
    query.fromDate ? gte(mailMessages.created, sofiaDayStart(query.fromDate)) : undefined,
    query.toDate ? lt(mailMessages.created, sofiaDayStart(query.toDate, 1)) : undefined,
    query.recipient ? sql`array_to_string(${mailMessages.to}, ' ') ilike ${likePattern(query.recipient)}` : undefined,
    query.entityModel ? eq(mailMessages.entityModel, query.entityModel) : undefined,
    query.entityId ? eq(mailMessages.entityId, query.entityId) : undefined,
  ) as SQL | undefined;
  const sort = orderBy(
    query,
    {
      created: mailMessages.created,
      state: mailMessages.state,
      subject: mailMessages.subject,
      sentAt: mailMessages.sentAt,
      attempts: mailMessages.attempts,
    },
    { by: 'created', desc: true },
    mailMessages.id,
    { descNullsLast: true },
  );
  const rows = await db
    .select({ message: mailMessages, total: totalCount })
    .from(mailMessages)
    .where(where)
    .orderBy(...sort)
    .limit(query.itemsPerPage)
    .offset(offsetOf(query));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db
      .select({ total: sql<number>`cast(count(*) as integer)` })
      .from(mailMessages)
      .where(where);
    total = counted?.total ?? 0;
  }
  return {
    items: await viewsOf(
      db,
      rows.map((row) => row.message),
    ),
    total,
  };
}
