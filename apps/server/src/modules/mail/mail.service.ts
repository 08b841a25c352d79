import type { MailDetail, MailListQuery, MailListResult, MailRetryHeldResult, MailView } from '@kantora/domain';
import { MessageKeys as M } from '@kantora/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailAttachments, mailMessages } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { iso } from '../../http/dto.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { writeLog } from '../logs/index.ts';
import { attachmentsOf, mailList } from './mail.queries.ts';
import { MAIL_LOG } from './mail.queue.ts';
import { logView, mailView } from './mail.views.ts';
import type { MailSender } from './mail.sender.ts';

/** Settings → outgoing mail (admin): the list with the SMTP state, a message, its attachments, retry. */
export class MailsService {
  constructor(
    private readonly db: Db,
    private readonly sender: MailSender,
  ) {}

  async list(query: MailListQuery): Promise<MailListResult> {
    const { items, total } = await mailList(this.db, query);
    return { Items: items, Total: total, Page: query.page, Smtp: await this.sender.smtpState() };
  }

  async get(id: string): Promise<MailDetail> {
    const [row] = await this.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (!row) throw notFound(M.the_mail_was_not_found);
    const attachments = await attachmentsOf(this.db, [id]);
    return {
      ...mailView(row, attachments.get(id) ?? []),
      text: row.text,
      html: row.html,
      messageId: row.messageIdHeader,
      smtpMessageId: row.smtpMessageId,
      nextAttemptAt: row.state === 'queued' ? iso(row.nextAttemptAt) : null,
    };
  }

  async attachment(mailId: string, attachmentId: string) {
    const [row] = await this.db
      .select()
      .from(mailAttachments)
      .where(and(eq(mailAttachments.mailId, mailId), eq(mailAttachments.id, attachmentId)));
    if (!row) throw notFound();
    return row;
  }

  /** A held or failed message back to the queue (attempts from zero); 409 without SMTP or in another state. */
  async retry(actor: Actor, mailId: string): Promise<MailView> {
    if (!this.sender.configured) {
      const [exists] = await this.db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(eq(mailMessages.id, mailId));
      if (!exists) throw notFound(M.the_mail_was_not_found);
      throw conflict(M.mail_smtp_not_configured);
    }
    const view = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(mailMessages).where(eq(mailMessages.id, mailId)).for('update');
      if (!row) throw notFound(M.the_mail_was_not_found);
      if (row.state !== 'held' && row.state !== 'failed') throw conflict(M.mail_not_retryable);
      const [updated] = await tx
        .update(mailMessages)
        .set({ state: 'queued', attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
        .where(eq(mailMessages.id, mailId))
        .returning();
      const attachments = await attachmentsOf(tx, [mailId]);
      const before = mailView(row, attachments.get(mailId) ?? []);
      const after = mailView(updated, attachments.get(mailId) ?? []);
      await writeLog(tx, {
        ...MAIL_LOG,
        doc: mailId,
        type: 'update',
        action: 'retry',
        old: logView(before),
        new: logView(after),
        actor,
      });
      return after;
    });
    this.sender.kick();
    return view;
  }

  /**
   * Every held message (kept while no mail server was configured) back to the queue, each with its log row; 409 while
   * SMTP is still not configured. The rows are locked as they change, so two administrators at once queue each once.
   */
  async retryHeld(actor: Actor): Promise<MailRetryHeldResult> {
    if (!this.sender.configured) throw conflict(M.mail_smtp_not_configured);
    const count = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(mailMessages)
        .set({ state: 'queued', attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
        .where(eq(mailMessages.state, 'held'))
        .returning();
      if (rows.length === 0) return 0;
      const attachments = await attachmentsOf(
        tx,
        rows.map((row) => row.id),
      );
      for (const row of rows) {
        const after = mailView(row, attachments.get(row.id) ?? []);
        await writeLog(tx, {
          ...MAIL_LOG,
          doc: row.id,
          type: 'update',
          action: 'retry',
          old: logView({ ...after, state: 'held' }),
          new: logView(after),
          actor,
        });
      }
      return rows.length;
    });
    if (count > 0) this.sender.kick();
    return { count };
  }
}
