import type { Localized } from '../db/schema/index.ts';

/**
 * Who calls: the signed-in user the guard puts on `request.user`. It lives on the http floor because every route
 * hands it to its service and every service writes it into its log rows; the auth module fills it from a token.
 */
export interface Actor {
  id: string;
  access: number;
  fullName: Localized;
  email: string;
  locale: 'bg' | 'it';
}

/** The actor of a request with its token's claims (what `request.user` holds). */
export interface AuthenticatedUser extends Actor {
  jti: string;
  exp: number;
  tokenVersion: number;
}

/** What the guard needs from the auth module: the live user behind a token, or a 401. */
export interface Authenticator {
  authenticate(token: string | undefined): Promise<AuthenticatedUser>;
}
