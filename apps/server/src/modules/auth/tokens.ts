import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** Link tokens have an issuer of their own, so a session token never passes as a link and a link never as a session. */
const LINK_ISSUER = 'kantora-link';
/** The token between the password and the second factor: an issuer and audience of its own, never a session or link. */
const MFA_ISSUER = 'kantora-mfa';
const MFA_AUDIENCE = 'mfa';
/** How long the second step may take after the password. */
export const MFA_TOKEN_SECONDS = 5 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenClaims {
  sub: string;
  tv: number;
  jti: string;
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlHours: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A session token; its `jti` is the id of the session row the caller writes (AuthService.completeSignIn). */
  async issue(userId: string, tokenVersion: number): Promise<{ token: string; expiration: string; jti: string }> {
    const expiresAt = Math.floor(Date.now() / 1000) + Math.round(this.ttlHours * 3600);
    const jti = randomUUID();
    const token = await new SignJWT({ tv: tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .setIssuer('kantora')
      .sign(this.key);
    return { token, expiration: new Date(expiresAt * 1000).toISOString(), jti };
  }

  /**
   * The token between a correct password and the second factor (5 minutes): it names the user and their token
   * version (a new password or a deactivation ends it) and is accepted only by `verifyMfa`, never as a session or
   * link token (an issuer and audience of its own).
   */
  async issueMfa(userId: string, tokenVersion: number): Promise<string> {
    const expiresAt = Math.floor(Date.now() / 1000) + MFA_TOKEN_SECONDS;
    return new SignJWT({ tv: tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setAudience(MFA_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .setIssuer(MFA_ISSUER)
      .sign(this.key);
  }

  /** The claims of a valid second-step token (its own jti), or null for any other token. */
  async verifyMfa(token: string): Promise<TokenClaims | null> {
    return this.verifyClaims(token, { issuer: MFA_ISSUER, audience: MFA_AUDIENCE }, 'jti');
  }

  /**
   * A short-lived link token for one resource (`audience`), for a URL that cannot carry a header (an
   * iframe's src). It names the user, their token version and the session it came from, so signing out,
   * a deactivation or a new password end it like the session; it is never accepted as a session token.
   */
  async issueLink(
    user: { id: string; tokenVersion: number; jti: string },
    audience: string,
    ttlSeconds: number,
  ): Promise<{ token: string; expiration: string }> {
    const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
    const token = await new SignJWT({ tv: user.tokenVersion, sid: user.jti })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .setIssuer(LINK_ISSUER)
      .sign(this.key);
    return { token, expiration: new Date(expiresAt * 1000).toISOString() };
  }

  /** The claims of a valid link token for `audience` (the session's jti as `jti`), or null. */
  async verifyLink(token: string, audience: string): Promise<TokenClaims | null> {
    return this.verifyClaims(token, { issuer: LINK_ISSUER, audience }, 'sid');
  }

  /** The claims of a valid token, or null for a forged, malformed or expired one. */
  async verify(token: string): Promise<TokenClaims | null> {
    return this.verifyClaims(token, { issuer: 'kantora' }, 'jti');
  }

  /**
   * The claims of a valid token of one issuer (and audience), or null for a forged, malformed, expired or other kind:
   * a user id, a token version, an expiry and the session's id, read from `session` (a link names its session `sid`).
   */
  private async verifyClaims(
    token: string,
    options: { issuer: string; audience?: string },
    session: 'jti' | 'sid',
  ): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], ...options });
      const sessionId = payload[session];
      if (
        typeof payload.sub !== 'string' ||
        !UUID.test(payload.sub) ||
        typeof payload.tv !== 'number' ||
        typeof sessionId !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      return { sub: payload.sub, tv: payload.tv, jti: sessionId, exp: payload.exp };
    } catch {
      return null;
    }
  }
}
