import {
  canAccess,
  MessageKeys as M,
  mfaDisableSchema,
  mfaEnableSchema,
  mfaResetSchema,
  mfaSetupSchema,
  mfaVerifySchema,
  Permissions,
  securitySettingsSaveSchema,
} from '@kantora/domain';
import type { FastifyRequest } from 'fastify';
import type { Authenticator } from '../../http/actor.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { optionalUser, userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { MfaCaller, MfaService } from './mfa.service.ts';
import type { SecuritySettingsService } from './security-settings.service.ts';

const tags = ['auth'];
const requestInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});

/**
 * The second factor's calls. `setup` and `enable` are public at the guard because a required setup happens between
 * the password and the session (with the second-step token in the body); without that token they need a live session
 * token exactly like a `signedIn` route (docs/decisions.md, "Two-factor sign-in").
 */
export function mfaRoutes(app: AppInstance, mfa: MfaService, settings: SecuritySettingsService, auth: Authenticator) {
  const callerOf = async (request: FastifyRequest, mfaToken: string | undefined): Promise<MfaCaller> => {
    if (mfaToken !== undefined) return { kind: 'signIn', user: await mfa.userOfMfaToken(mfaToken) };
    const user = await optionalUser(auth, request);
    if (!user) throw unauthorized();
    if (!canAccess(Permissions.signedIn, user.access)) throw forbidden();
    return { kind: 'signedIn', user };
  };

  app.post(
    '/api/auth/mfa/verify',
    { schema: { body: mfaVerifySchema, tags }, config: { public: true } },
    async (request) => ok(await mfa.verify(request.body.mfaToken, request.body.code, requestInfo(request))),
  );

  app.post(
    '/api/auth/mfa/setup',
    { schema: { body: mfaSetupSchema, tags }, config: { public: true } },
    async (request) => ok(await mfa.setup(await callerOf(request, request.body.mfaToken))),
  );

  app.post(
    '/api/auth/mfa/enable',
    { schema: { body: mfaEnableSchema, tags }, config: { public: true } },
    async (request) => {
      const caller = await callerOf(request, request.body.mfaToken);
      return ok(await mfa.enable(caller, request.body.code, requestInfo(request)));
    },
  );

  app.post(
    '/api/auth/mfa/disable',
    { schema: { body: mfaDisableSchema, tags }, config: { permission: 'signedIn' } },
    async (request) => {
      await mfa.disable(userOf(request), request.body.code, request.ip);
      return ok(true);
    },
  );

  app.get('/api/auth/mfa/status', { schema: { tags }, config: { permission: 'signedIn' } }, async (request) =>
    ok(await mfa.status(userOf(request))),
  );

  app.post(
    '/api/settings/users/mfa/reset',
    { schema: { body: mfaResetSchema, tags: ['users'] }, config: { permission: 'settings' } },
    async (request) => {
      await mfa.reset(userOf(request), request.body.userId, request.ip);
      return ok(true);
    },
  );

  app.get('/api/settings/security', { schema: { tags: ['settings'] }, config: { permission: 'settings' } }, async () =>
    ok(await settings.get()),
  );

  app.post(
    '/api/settings/security/save',
    { schema: { body: securitySettingsSaveSchema, tags: ['settings'] }, config: { permission: 'settings' } },
    async (request) => ok(await settings.save(userOf(request), request.body, request.ip), M.saved_successfully),
  );
}
