import { TOKEN_COOKIE } from '@kantora/domain';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The bearer token lives in a session cookie (docs/architecture.md, "Dates, formats and the web's behaviour"): no expiry, gone when the browser closes. */
export function getToken(): string | null {
  return readCookie(TOKEN_COOKIE) || null;
}

export function setToken(token: string): void {
  writeCookie(TOKEN_COOKIE, token);
}

export function clearToken(): void {
  deleteCookie(TOKEN_COOKIE);
}
