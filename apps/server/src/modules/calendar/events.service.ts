import {
  Access,
  type CalendarEvent,
  type CalendarEventDetails,
  canEditEvent,
  type EventInvitationRow,
  type EventListQuery,
  type EventSaveValues,
  isManagement,
  type ListResult,
  MessageKeys as M,
  UserStatus,
  UserType,
} from '@kantora/domain';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { eventCategories, eventInvitations, events, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { eventDto, fullNameOf, peopleOf, selectEvents, sofiaDayStart, visibleTo } from './event-views.ts';
import { type InvitationMailOptions, inviteesToMail, queueInvitationMails } from './invitation-mails.ts';

type InvitationRow = typeof eventInvitations.$inferSelect;

/** An invitation as its Log documents show it. */
export const invitationLogDoc = (row: InvitationRow) => ({
  _id: row.id,
  event: row.eventId,
  user: row.userId,
  status: row.status,
  acceptedOn: iso(row.acceptedOn),
  refusedOn: iso(row.refusedOn),
  refusedReason: row.refusedReason,
  created: iso(row.created),
});

/** Whom an editor may invite: management any active staff user (getAllEmployeeUsers), others active employees (getEmployeesUsers). */
const INVITABLE_ACCESS = {
  management: [Access.admin, Access.manager, Access.employee, Access.accountant],
  others: [Access.employee],
};

/** Calendar events: the list of a range, one event, saving with its invitations (and their messages), removing. */
export class EventsService {
  constructor(
    private readonly db: Db,
    private readonly mail: InvitationMailOptions,
  ) {}

  /** Events overlapping the Europe/Sofia days fromDate..toDate that the actor may see, by start. */
  async list(actor: Actor, query: EventListQuery): Promise<ListResult<CalendarEvent>> {
    const where = and(
      lt(events.fromDate, sofiaDayStart(query.toDate, 1)),
      gte(events.toDate, sofiaDayStart(query.fromDate)),
      query.category.length > 0 ? inArray(events.categoryId, query.category) : undefined,
      query.employee
        ? sql`(${events.userId} = ${query.employee} or ${events.invited} @> array[${query.employee}]::uuid[])`
        : undefined,
      visibleTo(actor),
    );
    const rows = await selectEvents(this.db).where(where).orderBy(asc(events.fromDate), asc(events.id));
    return { Items: rows.map(eventDto), Total: rows.length, Page: 1 };
  }

  /** One event the actor may see (404 otherwise), with its invited users' names. */
  async get(actor: Actor, id: string): Promise<CalendarEventDetails> {
    const [row] = await selectEvents(this.db).where(and(eq(events.id, id), visibleTo(actor)));
    if (!row) throw notFound();
    const event = eventDto(row);
    return { ...event, invitedUsers: await peopleOf(this.db, event.invited) };
  }

  /**
   * The invitations of an event the actor may see: each answer with its time. Refusal reasons are
   * shown to the creator, management and the invitee who wrote them.
   */
  async invitationsOf(actor: Actor, eventId: string): Promise<EventInvitationRow[]> {
    const [event] = await this.db
      .select({ userId: events.userId, createdBy: events.createdBy, invited: events.invited })
      .from(events)
      .where(and(eq(events.id, eventId), visibleTo(actor)));
    if (!event) throw notFound();
    const editor = canEditEvent(actor, { user: event.userId, createdBy: event.createdBy });
    const rows = await this.db
      .select({ invitation: eventInvitations, userName: fullNameOf(users) })
      .from(eventInvitations)
      .innerJoin(users, eq(users.id, eventInvitations.userId))
      .where(eq(eventInvitations.eventId, eventId))
      .orderBy(sql`${users.firstName}->>'bg'`, sql`${users.lastName}->>'bg'`, asc(eventInvitations.id));
    return rows.map(({ invitation, userName }) => ({
      _id: invitation.id,
      user: invitation.userId,
      userName,
      status: invitation.status,
      isAlreadyAnswered: invitation.status !== null,
      acceptedOn: iso(invitation.acceptedOn),
      refusedOn: iso(invitation.refusedOn),
      refusedReason: editor || invitation.userId === actor.id ? invitation.refusedReason : null,
      stillInvited: event.invited.includes(invitation.userId),
      created: iso(invitation.created)!,
    }));
  }

  /**
   * Creates or updates an event (creator or management), then its invitations; every change logged. In the same
   * transaction each new invitee is mailed the event and the link of their invitation, and every invitee when the
   * event's time changed (invitation-mails.ts).
   */
  async save(actor: Actor, input: EventSaveValues): Promise<CalendarEventDetails> {
    return this.db.transaction(async (tx) => {
      let old: CalendarEvent | undefined;
      if (input._id) {
        // One save of an event at a time: its invitations follow from the invited list.
        await tx.select({ id: events.id }).from(events).where(eq(events.id, input._id)).for('update');
        const [row] = await selectEvents(tx).where(and(eq(events.id, input._id), visibleTo(actor)));
        if (!row) throw notFound();
        old = eventDto(row);
        if (!canEditEvent(actor, old)) throw forbidden();
      }
      const [category] = await tx
        .select({ status: eventCategories.status })
        .from(eventCategories)
        .where(eq(eventCategories.id, input.category));
      // An inactive category stays on the events that have it, but new choices are active ones.
      if (!category || (!category.status && old?.category !== input.category))
        throw fieldError('category', M.invalid_value);
      const invited = [...new Set(input.invited)];
      await this.checkInvitees(tx, actor, invited, old?.invited ?? []);

      const values = {
        categoryId: input.category,
        allDay: input.allDay,
        fromDate: input.allDay ? sofiaDayStart(input.fromDate!) : new Date(input.fromDate!).toISOString(),
        toDate: input.allDay ? sofiaDayStart(input.toDate!) : new Date(input.toDate!).toISOString(),
        title: input.title,
        comment: input.comment,
        invited,
      };
      const [row] = old
        ? await tx
            .update(events)
            .set({ ...values, updated: sql`now()` })
            .where(eq(events.id, old._id))
            .returning({ id: events.id })
        : await tx
            .insert(events)
            .values({ ...values, userId: actor.id, createdBy: actor.id, createdByName: actor.fullName })
            .returning({ id: events.id });
      const [view] = await selectEvents(tx).where(eq(events.id, row.id));
      const saved = eventDto(view);
      await writeLog(tx, {
        name: 'Event',
        doc: row.id,
        model: 'events',
        type: old ? 'update' : 'create',
        action: 'save',
        old: old ?? null,
        new: saved,
        actor,
      });
      await this.syncInvitations(tx, actor, row.id, invited);
      await queueInvitationMails(tx, actor, this.mail, saved, inviteesToMail(old, saved));
      return { ...saved, invitedUsers: await peopleOf(tx, invited) };
    });
  }

  /** Invitees must be users the actor may pick; users already on the event may stay. */
  private async checkInvitees(tx: Tx, actor: Actor, invited: string[], alreadyInvited: string[]) {
    const added = invited.filter((id) => !alreadyInvited.includes(id));
    if (added.length === 0) return;
    const allowed = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, added),
          eq(users.status, UserStatus.active),
          eq(users.type, UserType.employee),
          inArray(users.access, isManagement(actor.access) ? INVITABLE_ACCESS.management : INVITABLE_ACCESS.others),
        ),
      );
    if (allowed.length !== added.length) throw fieldError('invited', M.invalid_value);
  }

  /**
   * One pending invitation per invited user. Pending invitations of users no longer invited go;
   * answered ones stay, so the creator still sees the answer.
   */
  private async syncInvitations(tx: Tx, actor: Actor, eventId: string, invited: string[]) {
    const existing = await tx.select().from(eventInvitations).where(eq(eventInvitations.eventId, eventId));
    const dropped = existing.filter((row) => row.status === null && !invited.includes(row.userId)).map((row) => row.id);
    if (dropped.length > 0) {
      const removed = await tx
        .delete(eventInvitations)
        .where(and(inArray(eventInvitations.id, dropped), isNull(eventInvitations.status)))
        .returning();
      for (const row of removed) {
        await writeLog(tx, {
          name: 'EventInvitation',
          doc: row.id,
          model: 'event_invitations',
          type: 'delete',
          action: 'save',
          old: invitationLogDoc(row),
          actor,
        });
      }
    }
    const known = new Set(existing.map((row) => row.userId));
    const added = invited.filter((userId) => !known.has(userId));
    if (added.length === 0) return;
    const created = await tx
      .insert(eventInvitations)
      .values(added.map((userId) => ({ eventId, userId, createdBy: actor.id })))
      .onConflictDoNothing()
      .returning();
    for (const row of created) {
      await writeLog(tx, {
        name: 'EventInvitation',
        doc: row.id,
        model: 'event_invitations',
        type: 'create',
        action: 'save',
        new: invitationLogDoc(row),
        actor,
      });
    }
  }

  /** Deletes an event and its invitations (management; the route checks the role). */
  async remove(actor: Actor, eventId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
      const [row] = await selectEvents(tx).where(and(eq(events.id, eventId), visibleTo(actor)));
      if (!row) throw notFound();
      const invitations = await tx.select().from(eventInvitations).where(eq(eventInvitations.eventId, eventId));
      await tx.delete(events).where(eq(events.id, eventId));
      await writeLog(tx, {
        name: 'Event',
        doc: eventId,
        model: 'events',
        type: 'delete',
        action: 'remove',
        old: { ...eventDto(row), invitations: invitations.map(invitationLogDoc) },
        actor,
      });
      return true;
    });
  }
}
