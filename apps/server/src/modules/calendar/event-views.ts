import { type CalendarEvent, type EventPreview, isManagement } from '@kantora/domain';
import { type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventCategories, events, type Localized, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import type { Actor } from '../../http/actor.ts';
import { userOptionColumns } from '../users/index.ts';

/** The business time zone: all-day events are Europe/Sofia days. */
export const SOFIA = 'Europe/Sofia';

/** The start of a Europe/Sofia day (`YYYY-MM-DD`), as a timestamp. */
export const sofiaDayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${SOFIA})`;

/** A timestamp as its Europe/Sofia day. */
const sofiaDay = (column: AnyColumn) => sql<string>`to_char(${column} at time zone ${SOFIA}, 'YYYY-MM-DD')`;

/** A user's `{ bg, it }` full name (first and last name). */
export const fullNameOf = (table: typeof users) =>
  sql<Localized>`jsonb_build_object('bg', trim(${table.firstName}->>'bg' || ' ' || (${table.lastName}->>'bg')), 'it', trim(${table.firstName}->>'it' || ' ' || (${table.lastName}->>'it')))`;

export const eventColumns = {
  id: events.id,
  userId: events.userId,
  userName: fullNameOf(users),
  categoryId: events.categoryId,
  categoryName: eventCategories.name,
  categoryColor: eventCategories.color,
  fromDate: events.fromDate,
  toDate: events.toDate,
  fromDay: sofiaDay(events.fromDate),
  toDay: sofiaDay(events.toDate),
  allDay: events.allDay,
  title: events.title,
  comment: events.comment,
  invited: events.invited,
  created: events.created,
  createdBy: events.createdBy,
  createdByName: events.createdByName,
  updated: events.updated,
};
export type EventView = {
  id: string;
  userId: string;
  userName: Localized;
  categoryId: string;
  categoryName: Localized | null;
  categoryColor: string | null;
  fromDate: string;
  toDate: string;
  fromDay: string;
  toDay: string;
  allDay: boolean;
  title: string;
  comment: string;
  invited: string[];
  created: string;
  createdBy: string | null;
  createdByName: Localized | null;
  updated: string | null;
};

/** Events with their employee and category, ready for `eventDto`. */
export function selectEvents(executor: Executor) {
  return executor
    .select(eventColumns)
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId));
}

const EMPTY_NAME: Localized = { bg: '', it: '' };

export function eventDto(row: EventView): CalendarEvent {
  return {
    _id: row.id,
    user: row.userId,
    userName: row.userName,
    category: row.categoryId,
    categoryName: row.categoryName ?? EMPTY_NAME,
    categoryColor: row.categoryColor ?? '#8B0000',
    fromDate: row.allDay ? row.fromDay : iso(row.fromDate)!,
    toDate: row.allDay ? row.toDay : iso(row.toDate)!,
    allDay: row.allDay,
    title: row.title,
    comment: row.comment,
    invited: row.invited,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    created: iso(row.created)!,
    updated: iso(row.updated),
  };
}

/**
 * Who sees which event (binding): management sees every event; anyone else the events they
 * created and those they are invited to. `undefined` means no restriction.
 */
export function visibleTo(actor: Pick<Actor, 'id' | 'access'>): SQL | undefined {
  if (isManagement(actor.access)) return undefined;
  return sql`(${events.userId} = ${actor.id} or ${events.createdBy} = ${actor.id} or ${events.invited} @> array[${actor.id}]::uuid[])`;
}

/** `{ _id, fullName }` of the given users, in the order of the ids. */
export async function peopleOf(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ _id: userOptionColumns._id, fullName: userOptionColumns.fullName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  const byId = new Map(rows.map((row) => [row._id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is { _id: string; fullName: Localized } => Boolean(row));
}

/** The read-only preview of the public invitation page: nothing else of the event leaves. */
export async function previewOf(executor: Executor, event: CalendarEvent): Promise<EventPreview> {
  const invited = await peopleOf(executor, event.invited);
  return {
    allDay: event.allDay,
    fromDate: event.fromDate,
    toDate: event.toDate,
    categoryName: event.categoryName,
    categoryColor: event.categoryColor,
    title: event.title,
    comment: event.comment,
    invitedNames: invited.map((person) => person.fullName),
    createdByName: event.createdByName,
    created: event.created,
  };
}
