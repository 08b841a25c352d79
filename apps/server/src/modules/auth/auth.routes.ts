import {
  forgotPasswordSchema,
  localeSchema,
  resetPasswordSchema,
  sessionEndSchema,
  sessionsQuerySchema,
  signInSchema,
} from '@kantora/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { AuthService } from './auth.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { SessionsService } from './sessions.service.ts';

export function authRoutes(app: AppInstance, auth: AuthService, isProduction: boolean) {
  app.post(
    '/api/auth/signIn',
    { schema: { body: signInSchema, tags: ['auth'] }, config: { public: true } },
    async (request) => {
      return ok(
        await auth.signIn(
          request.body.username,
          request.body.password,
          request.ip,
          request.headers['user-agent'] ?? '',
        ),
      );
    },
  );

  app.get('/api/auth/IsProductionEnvironment', { schema: { tags: ['auth'] }, config: { public: true } }, async () =>
    ok(isProduction),
  );

  app.get(
    '/api/auth/getCurrentUserInfo',
    { schema: { tags: ['auth'] }, config: { permission: 'signedIn' } },
    async (request) => {
      return ok(auth.currentUserInfo(userOf(request)));
    },
  );

  app.post('/api/auth/signOut', { schema: { tags: ['auth'] }, config: { permission: 'signedIn' } }, async (request) => {
    await auth.signOut(userOf(request), request.ip);
    return ok(true);
  });

  app.get(
    '/api/settings/users/locale/:locale',
    { schema: { params: z.object({ locale: localeSchema }), tags: ['auth'] }, config: { permission: 'signedIn' } },
    async (request) => {
      await auth.saveLocale(userOf(request), request.params.locale);
      return ok(true);
    },
  );

  app.get(
    '/api/error/notFound',
    {
      schema: { querystring: z.object({ path: z.string().max(2000).default('') }), tags: ['auth'] },
      config: { permission: 'signedIn' },
    },
    async (request) => {
      await auth.reportNotFound(userOf(request), request.query.path, request.ip);
      return ok(true);
    },
  );
}

/**
 * Password reset by e-mail (public) and the sessions of a user (signed in; the administrator sees and ends any
 * user's). See packages/domain/src/account-security.schemas.ts.
 */
export function accountRoutes(
  app: AppInstance,
  services: { sessions: SessionsService; passwordReset: PasswordResetService },
) {
  app.post(
    '/api/auth/forgotPassword',
    { schema: { body: forgotPasswordSchema, tags: ['auth'] }, config: { public: true } },
    async (request) => {
      await services.passwordReset.request(request.body.email, request.ip);
      return ok(true);
    },
  );

  app.post(
    '/api/auth/resetPassword',
    { schema: { body: resetPasswordSchema, tags: ['auth'] }, config: { public: true } },
    async (request) => {
      await services.passwordReset.reset(request.body.token, request.body.password, request.ip);
      return ok(true);
    },
  );

  app.get(
    '/api/auth/sessions',
    { schema: { querystring: sessionsQuerySchema, tags: ['auth'] }, config: { permission: 'signedIn' } },
    async (request) => ok(await services.sessions.list(userOf(request), request.query.userId)),
  );

  app.post(
    '/api/auth/sessions/end',
    { schema: { body: sessionEndSchema, tags: ['auth'] }, config: { permission: 'signedIn' } },
    async (request) => {
      await services.sessions.end(userOf(request), request.body.sessionId, request.ip);
      return ok(true);
    },
  );
}
