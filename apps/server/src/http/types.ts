import type { PermissionName } from '@kantora/domain';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthenticatedUser } from './actor.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which roles may call the route (from the matrix in @kantora/domain). */
    permission?: PermissionName;
    /** Open without sign-in. */
    public?: boolean;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A registered API route and who may call it, for the permission-matrix test and the docs. */
export interface RouteInfo {
  method: string;
  url: string;
  permission?: PermissionName;
  public: boolean;
  /** Takes a multipart body (a file upload). */
  files: boolean;
}
