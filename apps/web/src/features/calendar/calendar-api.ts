import type {
  CalendarEvent,
  CalendarEventDetails,
  EventInvitationDetails,
  EventInvitationRow,
  EventSaveInput,
  ListResult,
  LocalizedText,
  PersonOption,
  PublicInvitationPreview,
} from '@kantora/domain';
import { api } from '../../lib/api-client.ts';

export interface EventListRequest {
  fromDate: string;
  toDate: string;
  category?: string[];
  employee?: string;
}

export interface EventCategoryOption {
  _id: string;
  name: LocalizedText;
  color: string;
}

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
