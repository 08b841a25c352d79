import { localeSchema, signInSchema } from '@kantora/domain';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { AuthService } from './auth.service.ts';

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
