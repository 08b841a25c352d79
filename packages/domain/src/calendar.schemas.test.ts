import { describe, expect, it } from 'vitest';
import {
  canDeleteEvent,
  canEditEvent,
  eventInvitationRefuseSchema,
  eventListQuery,
  eventSaveSchema,
} from './calendar.schemas.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
const CATEGORY = '6f1c1b8e-3c3a-4b7e-9a59-0f1f6f1c1b8e';

describe('calendar schemas', () => {
  it('accepts a timed and an all-day event', () => {
    expect(
      eventSaveSchema.safeParse({
        category: CATEGORY,
        title: 'Среща',
        fromDate: '2025-07-01T07:00:00.000Z',
        toDate: '2025-07-01T08:00:00.000Z',
      }).success,
    ).toBe(true);
    const day = eventSaveSchema.parse({
      category: CATEGORY,
      title: 'Срок',
      allDay: true,
      fromDate: '2025-07-01',
      toDate: '2025-07-01',
    });
    expect(day).toMatchObject({ allDay: true, comment: '', invited: [] });
  });

  it('puts toDate before fromDate on toDate, for times and for days', () => {
    expect(
      issues(
        eventSaveSchema.safeParse({
          category: CATEGORY,
          title: 'x',
          fromDate: '2025-07-01T08:00:00Z',
          toDate: '2025-07-01T07:59:00Z',
        }),
      ),
    ).toEqual({ toDate: 'end_date_before_start_date' });
    expect(
      issues(
        eventSaveSchema.safeParse({
          category: CATEGORY,
          title: 'x',
          allDay: true,
          fromDate: '2025-07-02',
          toDate: '2025-07-01',
        }),
      ),
    ).toEqual({ toDate: 'end_date_before_start_date' });
  });

  it('reports every missing field at once, and dates of the wrong form', () => {
    expect(issues(eventSaveSchema.safeParse({ title: ' ', fromDate: null }))).toEqual({
      title: 'field_is_required',
      category: 'field_is_required',
      fromDate: 'field_is_required',
      toDate: 'field_is_required',
    });
    expect(
      issues(
        eventSaveSchema.safeParse({
          category: CATEGORY,
          title: 'x',
          allDay: true,
          fromDate: '2025-07-01T00:00:00Z',
          toDate: 'invalid',
        }),
      ),
    ).toEqual({ fromDate: 'invalid_date', toDate: 'invalid_date' });
    expect(
      issues(
        eventSaveSchema.safeParse({
          category: CATEGORY,
          title: 'x',
          fromDate: '2025-07-01',
          toDate: '1899-01-01T00:00:00Z',
        }),
      ),
    ).toEqual({ fromDate: 'invalid_date', toDate: 'min_date' });
  });

  it('limits the list range and requires a refusal reason', () => {
    expect(eventListQuery.parse({ fromDate: '2025-06-30', toDate: '2025-08-10', category: CATEGORY })).toMatchObject({
      category: [CATEGORY],
    });
    expect(issues(eventListQuery.safeParse({ fromDate: '2025-01-01', toDate: '2025-12-31' }))).toEqual({
      toDate: 'invalid_value',
    });
    expect(issues(eventInvitationRefuseSchema.safeParse({ eventInvitationId: CATEGORY, reason: '  ' }))).toEqual({
      reason: 'field_is_required',
    });
  });

  it('lets the creator or management edit, and only management delete', () => {
    const event = { user: 'u1', createdBy: 'u1' };
    expect(canEditEvent({ id: 'u1', access: 2 }, event)).toBe(true);
    expect(canEditEvent({ id: 'u2', access: 2 }, event)).toBe(false);
    expect(canEditEvent({ id: 'u2', access: 1 }, event)).toBe(true);
    expect([0, 1, 2, 3].map(canDeleteEvent)).toEqual([true, true, false, false]);
  });
});
