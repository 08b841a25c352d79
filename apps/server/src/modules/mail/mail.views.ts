import type { Locale, MailAttachmentView, MailKind, MailState, MailView } from '@kantora/domain';
import type { mailMessages } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';

export type MessageRow = typeof mailMessages.$inferSelect;

/** What the audit log keeps of a message (no bodies, no bytes). */
export function logView(view: MailView) {
  return {
    state: view.state,
    to: view.to,
    subject: view.subject,
    kind: view.kind,
    entity: view.entity,
    attempts: view.attempts,
    lastError: view.lastError,
    attachments: view.attachments.map((one) => one.filename),
  };
}

export function mailView(row: MessageRow, attachments: MailAttachmentView[]): MailView {
  return {
    _id: row.id,
    state: row.state as MailState,
    to: row.to,
    subject: row.subject,
    language: row.language as Locale,
    kind: row.kind as MailKind,
    entity: row.entityModel && row.entityId ? { model: row.entityModel, id: row.entityId } : null,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: iso(row.sentAt),
    created: iso(row.created) ?? '',
    createdByName: row.createdByName ?? null,
    attachments,
  };
}
