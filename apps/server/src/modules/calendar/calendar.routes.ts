import {
  eventInvitationAnswerSchema,
  eventInvitationRefuseSchema,
  eventListQuery,
  eventRemoveSchema,
  eventSaveSchema,
  idParamsSchema,
  MessageKeys as M,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { optionalUser, userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { AuthService } from '../auth/index.ts';
import type { EventsService } from './events.service.ts';
import type { InvitationsService } from './invitations.service.ts';

/**
 * Calendar events and invitations. The invitation preview, accept and refuse are public: the
 * invitation id (random, unguessable) is the secret of the link; a token, when sent, only names
 * who answered in the log. The signed-in invites table uses the same accept and refuse calls.
 */
export function calendarRoutes(
  app: AppInstance,
  eventsService: EventsService,
  invitations: InvitationsService,
  auth: AuthService,
) {
  const config = { permission: 'calendar' } as const;
  const open = { public: true } as const;
  const tags = ['calendar'];

  app.post('/api/events/list', { schema: { body: eventListQuery, tags }, config }, async (request) => {
    return ok(await eventsService.list(userOf(request), request.body));
  });

  app.get('/api/events/myEventInvitations', { schema: { tags }, config }, async (request) =>
    ok(await invitations.mine(userOf(request))),
  );

  app.post('/api/events/save', { schema: { body: eventSaveSchema, tags }, config }, async (request) => {
    return ok(await eventsService.save(userOf(request), request.body), M.saved_successfully);
  });

  app.post(
    '/api/events/remove',
    { schema: { body: eventRemoveSchema, tags }, config: { permission: 'calendarDelete' } },
    async (request) => {
      return ok(await eventsService.remove(userOf(request), request.body.eventId), M.deleted_successfully);
    },
  );

  app.get(
    '/api/events/invitation/preview/:id',
    { schema: { params: idParamsSchema, tags, security: [] }, config: open },
    async (request) => {
      return ok(await invitations.preview(request.params.id));
    },
  );

  app.post(
    '/api/events/invitation/accept',
    { schema: { body: eventInvitationAnswerSchema, tags, security: [] }, config: open },
    async (request) => {
      const answerer = await optionalUser(auth, request);
      return ok(
        await invitations.answer(request.body.eventInvitationId, { accept: true }, answerer, request.ip),
        M.saved_successfully,
      );
    },
  );

  app.post(
    '/api/events/invitation/refuse',
    { schema: { body: eventInvitationRefuseSchema, tags, security: [] }, config: open },
    async (request) => {
      const answerer = await optionalUser(auth, request);
      const { eventInvitationId, reason } = request.body;
      return ok(
        await invitations.answer(eventInvitationId, { accept: false, reason }, answerer, request.ip),
        M.saved_successfully,
      );
    },
  );

  app.get('/api/events/invitation/:id', { schema: { params: idParamsSchema, tags }, config }, async (request) => {
    return ok(await invitations.get(userOf(request), request.params.id));
  });

  app.get('/api/events/:id/invitations', { schema: { params: idParamsSchema, tags }, config }, async (request) => {
    return ok(await eventsService.invitationsOf(userOf(request), request.params.id));
  });

  app.get('/api/events/:id', { schema: { params: idParamsSchema, tags }, config }, async (request) => {
    return ok(await eventsService.get(userOf(request), request.params.id));
  });
}
