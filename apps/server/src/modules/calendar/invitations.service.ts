import { type EventInvitationDetails, MessageKeys as M, type PublicInvitationPreview } from '@kantora/domain';
import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { eventCategories, eventInvitations, events, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { eventColumns, eventDto, fullNameOf, previewOf, SOFIA, visibleTo } from './event-views.ts';
import { invitationLogDoc } from './events.service.ts';

/** Who answers: the signed-in user when the call carries a live token, else the invitee through the link. */
export type Answerer = Pick<Actor, 'id' | 'fullName'> | null;

/** An event has not ended: a timed one ends at its toDate, an all-day one with its last Sofia day. */
const notEnded = sql`(case when ${events.allDay} then ${events.toDate} >= (date_trunc('day', now() at time zone ${SOFIA}) at time zone ${SOFIA}) else ${events.toDate} >= now() end)`;

/** Invitations: the signed-in user's pending ones, one invitation, the public preview, and the answers. */
export class InvitationsService {
  constructor(private readonly db: Db) {}

  private select(executor: Executor, where: SQL | undefined) {
    return executor
      .select({ invitation: eventInvitations, event: eventColumns })
      .from(eventInvitations)
      .innerJoin(events, eq(events.id, eventInvitations.eventId))
      .innerJoin(users, eq(users.id, events.userId))
      .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
      .where(where);
  }

  private async details(
    executor: Executor,
    rows: Awaited<ReturnType<InvitationsService['select']>>,
  ): Promise<EventInvitationDetails[]> {
    const out: EventInvitationDetails[] = [];
    for (const { invitation, event } of rows) {
      const dto = eventDto(event);
      out.push({
        _id: invitation.id,
        status: invitation.status,
        isAlreadyAnswered: invitation.status !== null,
        acceptedOn: iso(invitation.acceptedOn),
        refusedOn: iso(invitation.refusedOn),
        refusedReason: invitation.refusedReason,
        createdByName: dto.createdByName,
        created: iso(invitation.created)!,
        event: { _id: dto._id, ...(await previewOf(executor, dto)) },
      });
    }
    return out;
  }

  /** The signed-in user's unanswered invitations to events that still invite them and have not ended, soonest first. */
  async mine(actor: Actor): Promise<EventInvitationDetails[]> {
    const rows = await this.select(
      this.db,
      and(
        eq(eventInvitations.userId, actor.id),
        isNull(eventInvitations.status),
        sql`${events.invited} @> array[${actor.id}]::uuid[]`,
        notEnded,
      ),
    ).orderBy(asc(events.fromDate), asc(eventInvitations.id));
    return this.details(this.db, rows);
  }

  /** One invitation, for its invitee or anyone who may see the event (404 otherwise). */
  async get(actor: Actor, id: string): Promise<EventInvitationDetails> {
    const visible = visibleTo(actor);
    const rows = await this.select(
      this.db,
      and(eq(eventInvitations.id, id), visible ? or(eq(eventInvitations.userId, actor.id), visible) : undefined),
    );
    if (rows.length === 0) throw notFound();
    return (await this.details(this.db, rows))[0];
  }

  /** The public page: the preview fields and whether it was answered, nothing more. */
  async preview(id: string, executor: Executor = this.db): Promise<PublicInvitationPreview> {
    const [row] = await this.select(executor, eq(eventInvitations.id, id));
    if (!row) throw notFound();
    return { isAlreadyAnswered: row.invitation.status !== null, event: await previewOf(executor, eventDto(row.event)) };
  }

  /**
   * Accepts or refuses once. The conditional UPDATE (`WHERE status IS NULL`) is the guard: of two
   * concurrent answers exactly one changes the row; the other finds it answered (409).
   */
  async answer(
    id: string,
    answer: { accept: true } | { accept: false; reason: string },
    answerer: Answerer,
    ip: string | null,
  ): Promise<PublicInvitationPreview> {
    return this.db.transaction(async (tx) => {
      const change = answer.accept
        ? { status: true, acceptedOn: sql`now()` }
        : { status: false, refusedOn: sql`now()`, refusedReason: answer.reason };
      const [row] = await tx
        .update(eventInvitations)
        .set(change)
        .where(and(eq(eventInvitations.id, id), isNull(eventInvitations.status)))
        .returning();
      if (!row) {
        const [exists] = await tx
          .select({ id: eventInvitations.id })
          .from(eventInvitations)
          .where(eq(eventInvitations.id, id));
        throw exists ? conflict(M.invitation_already_answered) : notFound();
      }
      let actor = answerer;
      if (!actor) {
        const [invitee] = await tx
          .select({ id: users.id, fullName: fullNameOf(users) })
          .from(users)
          .where(eq(users.id, row.userId));
        actor = invitee ?? null;
      }
      await writeLog(tx, {
        name: 'EventInvitation',
        doc: row.id,
        model: 'event_invitations',
        type: 'update',
        action: answer.accept ? 'accept' : 'refuse',
        old: invitationLogDoc({ ...row, status: null, acceptedOn: null, refusedOn: null, refusedReason: null }),
        new: { ...invitationLogDoc(row), via: answerer ? 'app' : 'link' },
        actor,
        ip,
      });
      return this.preview(id, tx);
    });
  }
}
