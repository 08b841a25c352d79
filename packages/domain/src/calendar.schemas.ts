import { z } from 'zod';
import type { LocalizedText } from './schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { isManagement } from './roles.ts';
import { alwaysCheck, businessDate, idSchema, optionalString, requiredString, selectId } from './schemas.ts';

/** The longest range one POST /api/events/list may ask for (a month view shows 42 days). */
export const MAX_EVENT_LIST_DAYS = 100;
export const CALENDAR_HEIGHT = 600;
/** After answering on the public page, it moves on after this long. */
export const INVITATION_REDIRECT_MS = 3000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A moment in time as ISO 8601 with an offset (the date-time field sends UTC `...Z`). */
export function isIsoInstant(value: string): boolean {
  return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}

/** The message key of an event bound (a day when all-day, else an instant), or null when valid. */
function boundProblem(value: unknown, allDay: boolean): string | null {
  if (value === null || value === undefined || value === '') return M.field_is_required;
  if (typeof value !== 'string') return M.invalid_value;
  if (allDay) {
    const result = businessDate.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? M.invalid_date);
  }
  if (!isIsoInstant(value)) return M.invalid_date;
  return Date.parse(value) < Date.parse('1900-01-01T00:00:00Z') ? M.min_date : null;
}

/** Milliseconds of a valid bound, for comparing from and to (days compare as their UTC midnights). */
const boundTime = (value: string, allDay: boolean) => (allDay ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value));

/**
 * POST /api/events/save and the event dialog. An all-day event has `fromDate`/`toDate` as
 * `YYYY-MM-DD` (Europe/Sofia days, both included); a timed one as ISO 8601 instants. `toDate` is
 * not before `fromDate`. `invited` are the invited users' ids.
 */
export const eventSaveSchema = z
  .object({
    _id: idSchema.optional(),
    allDay: z.boolean().optional().default(false),
    fromDate: z.string().nullable().optional(),
    toDate: z.string().nullable().optional(),
    category: selectId,
    title: requiredString(200),
    comment: optionalString(2000),
    invited: z.array(idSchema).max(200, M.invalid_value).optional().default([]),
  })
  .superRefine((value, ctx) => {
    const allDay = value.allDay === true;
    const fromProblem = boundProblem(value.fromDate, allDay);
    const toProblem = boundProblem(value.toDate, allDay);
    if (fromProblem) ctx.addIssue({ code: 'custom', path: ['fromDate'], message: fromProblem });
    if (toProblem) ctx.addIssue({ code: 'custom', path: ['toDate'], message: toProblem });
    if (!fromProblem && !toProblem && boundTime(value.toDate!, allDay) < boundTime(value.fromDate!, allDay)) {
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
    }
  }, alwaysCheck);
export type EventSaveInput = z.input<typeof eventSaveSchema>;
export type EventSaveValues = z.output<typeof eventSaveSchema>;

const idList = z
  .union([idSchema, z.array(idSchema).max(100, M.invalid_value)])
  .nullish()
  .transform((value) => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * POST /api/events/list: the events overlapping the Europe/Sofia days fromDate..toDate (both
 * included), optionally of some categories and of one employee (created by or invited).
 */
export const eventListQuery = z
  .object({
    fromDate: businessDate,
    toDate: businessDate,
    category: idList,
    employee: z
      .preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional())
      .optional(),
  })
  .superRefine((value, ctx) => {
    const span = (Date.parse(`${value.toDate}T00:00:00Z`) - Date.parse(`${value.fromDate}T00:00:00Z`)) / 86_400_000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.end_date_before_start_date });
    else if (span >= MAX_EVENT_LIST_DAYS) ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.invalid_value });
  });
export type EventListQuery = z.infer<typeof eventListQuery>;

export const eventRemoveSchema = z.object({ eventId: idSchema });
export const eventInvitationAnswerSchema = z.object({ eventInvitationId: idSchema });
/** Refusing needs a reason. */
export const refusalReasonSchema = z.object({ reason: requiredString(1000) });
export const eventInvitationRefuseSchema = eventInvitationAnswerSchema.extend(refusalReasonSchema.shape);

/** The creator of an event or management may edit it. */
export function canEditEvent(
  user: { id: string; access: number },
  event: { user: string; createdBy?: string | null },
): boolean {
  return isManagement(user.access) || event.user === user.id || event.createdBy === user.id;
}

/** Only management deletes events and sees every event and the employee filter. */
export const canDeleteEvent = (access: number) => isManagement(access);

export interface PersonOption {
  _id: string;
  fullName: LocalizedText;
}

/** An event as the calendar and the dialog see it. */
export interface CalendarEvent {
  _id: string;
  /** The event's employee (its creator). */
  user: string;
  userName: LocalizedText;
  category: string;
  categoryName: LocalizedText;
  categoryColor: string;
  /** `YYYY-MM-DD` when all-day, else an ISO 8601 UTC instant. */
  fromDate: string;
  toDate: string;
  allDay: boolean;
  title: string;
  comment: string;
  invited: string[];
  createdBy: string | null;
  createdByName: LocalizedText | null;
  created: string;
  updated: string | null;
}

/** GET /api/events/{id}: the event and the names of its invited users. */
export interface CalendarEventDetails extends CalendarEvent {
  invitedUsers: PersonOption[];
}

/** Answer of an invitation: null pending, true accepted, false refused. */
export type InvitationStatus = boolean | null;

/** One row of GET /api/events/{id}/invitations. */
export interface EventInvitationRow {
  _id: string;
  user: string;
  userName: LocalizedText;
  status: InvitationStatus;
  isAlreadyAnswered: boolean;
  acceptedOn: string | null;
  refusedOn: string | null;
  refusedReason: string | null;
  /** False when the user was invited once, answered, and is no longer on the event's list. */
  stillInvited: boolean;
  created: string;
}

/** What the invitation preview shows (the public invitation page). */
export interface EventPreview {
  allDay: boolean;
  fromDate: string;
  toDate: string;
  categoryName: LocalizedText;
  categoryColor: string;
  title: string;
  comment: string;
  invitedNames: LocalizedText[];
  createdByName: LocalizedText | null;
  created: string;
}

/** GET /api/events/invitation/preview/{id} (public): the preview and whether it was answered, nothing else. */
export interface PublicInvitationPreview {
  isAlreadyAnswered: boolean;
  event: EventPreview;
}

/** GET /api/events/invitation/{id} and the rows of GET /api/events/myEventInvitations. */
export interface EventInvitationDetails {
  _id: string;
  status: InvitationStatus;
  isAlreadyAnswered: boolean;
  acceptedOn: string | null;
  refusedOn: string | null;
  refusedReason: string | null;
  createdByName: LocalizedText | null;
  created: string;
  event: EventPreview & { _id: string };
}

/** An event category as the calendar's filter and dialog see it (GET /api/metaData/getEventCategories). */
export interface EventCategoryOption {
  _id: string;
  name: LocalizedText;
  color: string;
}
