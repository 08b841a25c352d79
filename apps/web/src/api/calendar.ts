import type {
  CalendarEvent,
  CalendarEventDetails,
  EventCategoryOption,
  EventInvitationDetails,
  EventInvitationRow,
  EventSaveInput,
  eventListQuery,
  ListResult,
  PersonOption,
  PublicInvitationPreview,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/events/list. */
export type EventListRequest = z.input<typeof eventListQuery>;

/** Query keys: everything of the calendar starts with `calendar`, so one invalidation refreshes it all. */
export const calendarKeys = {
  all: ['calendar'] as const,
  events: (request: EventListRequest) => ['calendar', 'events', request] as const,
  event: (id: string) => ['calendar', 'event', id] as const,
  invitations: (id: string) => ['calendar', 'event', id, 'invitations'] as const,
  mine: ['calendar', 'my-invitations'] as const,
  invitation: (id: string) => ['calendar', 'invitation', id] as const,
  preview: (id: string) => ['calendar', 'preview', id] as const,
  categories: ['calendar', 'categories'] as const,
  invitable: (all: boolean) => ['calendar', 'invitable', all] as const,
};

/** The calls of /api/events and the calendar's look-ups. */
export const calendarApi = {
  list: (request: EventListRequest) => api.post<ListResult<CalendarEvent>>('/events/list', request),
  get: (id: string) => api.get<CalendarEventDetails>(`/events/${id}`),
  invitations: (id: string) => api.get<EventInvitationRow[]>(`/events/${id}/invitations`),
  save: (event: EventSaveInput) => api.post<CalendarEventDetails>('/events/save', event),
  remove: (eventId: string) => api.post<boolean>('/events/remove', { eventId }),
  mine: () => api.get<EventInvitationDetails[]>('/events/myEventInvitations'),
  invitation: (id: string) => api.get<EventInvitationDetails>(`/events/invitation/${id}`),
  /** Public: no token needed (the invitation id is the secret); the page shows a failure itself. */
  preview: (id: string) =>
    api.get<PublicInvitationPreview>(`/events/invitation/preview/${id}`, { auth: false, quiet: true }),
  accept: (eventInvitationId: string) =>
    api.post<PublicInvitationPreview>('/events/invitation/accept', { eventInvitationId }),
  refuse: (eventInvitationId: string, reason: string) =>
    api.post<PublicInvitationPreview>('/events/invitation/refuse', { eventInvitationId, reason }),
  categories: () => api.get<EventCategoryOption[]>('/metaData/getEventCategories'),
  /** Management invites from every active staff user, others from the employees. */
  invitable: (all: boolean) =>
    api.get<PersonOption[]>(all ? '/metaData/getAllEmployeeUsers' : '/metaData/getEmployeesUsers'),
};

/** The reads of the calendar as TanStack query options. */
export const calendarQueries = {
  events: (request: EventListRequest) =>
    queryOptions({ queryKey: calendarKeys.events(request), queryFn: () => calendarApi.list(request) }),
  event: (id: string) => queryOptions({ queryKey: calendarKeys.event(id), queryFn: () => calendarApi.get(id) }),
  invitations: (id: string) =>
    queryOptions({ queryKey: calendarKeys.invitations(id), queryFn: () => calendarApi.invitations(id) }),
  mine: () => queryOptions({ queryKey: calendarKeys.mine, queryFn: calendarApi.mine }),
  invitation: (id: string) =>
    queryOptions({ queryKey: calendarKeys.invitation(id), queryFn: () => calendarApi.invitation(id) }),
  preview: (id: string) => queryOptions({ queryKey: calendarKeys.preview(id), queryFn: () => calendarApi.preview(id) }),
  categories: () => queryOptions({ queryKey: calendarKeys.categories, queryFn: calendarApi.categories }),
  invitable: (all: boolean) =>
    queryOptions({ queryKey: calendarKeys.invitable(all), queryFn: () => calendarApi.invitable(all) }),
};
