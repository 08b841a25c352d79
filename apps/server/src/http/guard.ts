import { canAccess, Permissions } from '@kantora/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from './actor.ts';
import { forbidden } from './errors.ts';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** onRequest hook: static files and public routes pass; others need a live token and a role the route's permission allows. */
export function authGuard(auth: Authenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.user = null;
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    // Only the API is guarded; the built web app and /healthz are open.
    if (!url?.startsWith('/api/') || config.public) return;
    const user = await auth.authenticate(bearer(request));
    request.user = user;
    const permission = config.permission;
    if (!permission || !canAccess(Permissions[permission], user.access)) {
      throw forbidden(user.access < 0 ? 'no_permitted_actions' : 'forbidden');
    }
  };
}

/** The signed-in user of a guarded route. */
export function userOf(request: FastifyRequest) {
  if (!request.user) throw forbidden();
  return request.user;
}

/**
 * The user behind the request's token on a public route, or null: a public call never requires
 * a token, and a missing, expired or revoked one is simply no user.
 */
export async function optionalUser(auth: Authenticator, request: FastifyRequest) {
  const token = bearer(request);
  if (!token) return null;
  try {
    return await auth.authenticate(token);
  } catch {
    return null;
  }
}
