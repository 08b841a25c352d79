import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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

  async issue(userId: string, tokenVersion: number): Promise<{ token: string; expiration: string }> {
    const expiresAt = Math.floor(Date.now() / 1000) + Math.round(this.ttlHours * 3600);
    const token = await new SignJWT({ tv: tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .setIssuer('kantora')
      .sign(this.key);
    return { token, expiration: new Date(expiresAt * 1000).toISOString() };
  }

  /** The claims of a valid token, or null for a forged, malformed or expired one. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: 'kantora' });
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.tv !== 'number' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      return { sub: payload.sub, tv: payload.tv, jti: payload.jti, exp: payload.exp };
    } catch {
      return null;
    }
  }
}
