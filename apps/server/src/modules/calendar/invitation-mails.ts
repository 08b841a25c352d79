import {
  type CalendarEvent,
  DEFAULT_MAIL_TEMPLATES,
  LOCALES,
  type Locale,
  type MailTemplateText,
  renderMailTemplate,
} from '@kantora/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { eventInvitations, type Localized, users } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { queueMail } from '../mail/index.ts';
import { fullNameOf, SOFIA } from './event-views.ts';

/** What the calendar needs to write invitation messages; app.ts wires it. */
export interface InvitationMailOptions {
  /** The base of the public invitation link (PUBLIC_URL). */
  publicUrl: string;
  /** The invitation template of a language: the one saved in Settings, else the built-in default. */
  template?: (executor: Executor, language: Locale) => Promise<MailTemplateText>;
  /** The own company's name (who invites), if it has been saved. */
  company?: (executor: Executor) => Promise<Localized | null>;
}

/** The entity an invitation message belongs to (`entity.model`; the outgoing mail list's filter): the event. */
export const INVITATION_MAIL_ENTITY = 'Event';

const dayTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SOFIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A start or end as the invitee reads it: `dd.MM.yyyy` for an all-day event, else `dd.MM.yyyy HH:mm` in Sofia. */
export function eventTimeText(event: Pick<CalendarEvent, 'allDay'>, value: string): string {
  if (event.allDay) return value.split('-').reverse().join('.');
  const parts = Object.fromEntries(dayTime.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * Whom a save mails: every invitee of a new event; on an edit the invitees added, or all of them when the event's
 * time (start, end or all-day) changed. Removing invitees or other changes mail nobody.
 */
export function inviteesToMail(old: CalendarEvent | undefined, saved: CalendarEvent): string[] {
  if (!old) return saved.invited;
  const moved = old.fromDate !== saved.fromDate || old.toDate !== saved.toDate || old.allDay !== saved.allDay;
  return moved ? saved.invited : saved.invited.filter((id) => !old.invited.includes(id));
}

const languageOf = (locale: string): Locale =>
  ((LOCALES as readonly string[]).find((one) => one === locale) as Locale) ?? 'bg';

/**
 * Queues, in the event's transaction, one message per invitee in `userIds` (to the user's e-mail, in the user's
 * interface language): the event's title, start and end and the public link of the user's invitation
 * (`{PUBLIC_URL}/#/events/invitation/{invitationId}`), from the 'invitation' template.
 */
export async function queueInvitationMails(
  tx: Tx,
  actor: Actor,
  options: InvitationMailOptions,
  event: CalendarEvent,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await tx
    .select({
      invitationId: eventInvitations.id,
      userId: users.id,
      email: users.email,
      locale: users.locale,
      fullName: fullNameOf(users),
    })
    .from(eventInvitations)
    .innerJoin(users, eq(users.id, eventInvitations.userId))
    .where(and(eq(eventInvitations.eventId, event._id), inArray(eventInvitations.userId, userIds)));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  const company = options.company ? await options.company(tx) : null;
  const templates = new Map<Locale, MailTemplateText>();
  for (const userId of userIds) {
    const invitee = byUser.get(userId);
    if (!invitee?.email) continue;
    const language = languageOf(invitee.locale);
    let template = templates.get(language);
    if (!template) {
      template = options.template ? await options.template(tx, language) : DEFAULT_MAIL_TEMPLATES.invitation[language];
      templates.set(language, template);
    }
    const rendered = renderMailTemplate(template, {
      title: event.title,
      start: eventTimeText(event, event.fromDate),
      end: eventTimeText(event, event.toDate),
      comment: event.comment,
      link: `${options.publicUrl}/#/events/invitation/${invitee.invitationId}`,
      company: company?.[language] || company?.bg || '',
      contact: invitee.fullName[language] || invitee.fullName.bg,
    });
    await queueMail(tx, actor, {
      to: [invitee.email],
      ...rendered,
      language,
      kind: 'invitation',
      entity: { model: INVITATION_MAIL_ENTITY, id: event._id },
      attachments: [],
    });
  }
}
