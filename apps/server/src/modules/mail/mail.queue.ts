import { randomUUID } from 'node:crypto';
import type { MailKind, MailState, MailView } from '@kantora/domain';
import type { Locale } from '@kantora/domain';
import { MessageKeys as M, mailAddressSchema } from '@kantora/domain';
import type { Tx } from '../../db/client.ts';
import { mailAttachments, mailMessages } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { badRequest } from '../../http/errors.ts';
import { writeLog } from '../logs/index.ts';
import { mailRuntime } from './mail.runtime.ts';
import { logView, mailView } from './mail.views.ts';

/** A message another module hands to the outbox (written in its own transaction). */
export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  language: Locale;
  kind: MailKind;
  entity: { model: string; id: string } | null;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export const MAIL_LOG = { name: 'Mail', model: 'mail_messages' } as const;

/** A header value on one line: CR, LF and other control characters become spaces (no header can be added). */
export function singleLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** The domain of the From address, for our Message-ID. */
function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'kantora.local';
}

/**
 * Writes a message and its attachments in the caller's transaction: 'queued' when SMTP is configured, else 'held'
 * (the administrator reads it and sends it once a server is configured). The sender is woken after the call; it
 * sees the message once the caller's transaction commits.
 */
export async function queueMail(tx: Tx, actor: Actor | null, mail: OutgoingMail): Promise<MailView> {
  const runtime = mailRuntime();
  const id = randomUUID();
  // Each recipient is one plain address: anything else (a second address, a header after a line break) is refused.
  const to = mail.to.map((address) => address.trim());
  if (to.length === 0 || to.some((address) => !mailAddressSchema.safeParse(address).success))
    throw badRequest(M.email_valid, [{ field: 'to', message: M.email_valid }]);
  const state: MailState = runtime.configured ? 'queued' : 'held';
  const [row] = await tx
    .insert(mailMessages)
    .values({
      id,
      state,
      to,
      subject: singleLine(mail.subject),
      text: mail.text,
      html: mail.html,
      language: mail.language,
      kind: mail.kind,
      entityModel: mail.entity?.model ?? null,
      entityId: mail.entity?.id ?? null,
      messageIdHeader: `<${id}@${messageIdDomain(runtime.from)}>`,
      createdBy: actor?.id ?? null,
      createdByName: actor?.fullName ?? null,
    })
    .returning();
  const attachments = mail.attachments.map((attachment, position) => ({
    mailId: id,
    position,
    filename: singleLine(attachment.filename) || `attachment-${position + 1}`,
    contentType: singleLine(attachment.contentType) || 'application/octet-stream',
    content: attachment.content,
  }));
  const stored = attachments.length
    ? await tx.insert(mailAttachments).values(attachments).returning({
        id: mailAttachments.id,
        filename: mailAttachments.filename,
        contentType: mailAttachments.contentType,
        position: mailAttachments.position,
      })
    : [];
  const attachmentViews = stored
    .sort((a, b) => a.position - b.position)
    .map((one) => ({
      _id: one.id,
      filename: one.filename,
      contentType: one.contentType,
      size: attachments[one.position].content.length,
    }));
  const view = mailView(row, attachmentViews);
  await writeLog(tx, {
    ...MAIL_LOG,
    doc: id,
    type: 'create',
    action: 'queue',
    old: null,
    new: logView(view),
    actor,
  });
  runtime.kick();
  return view;
}
