import { Access, MessageKeys as M, type SessionView } from '@kantora/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { userSessions } from '../../db/schema/index.ts';
import type { Actor, AuthenticatedUser } from '../../http/actor.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { writeLog } from '../logs/index.ts';

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A short readable name of the device from its user agent ("Chrome on Windows"), or '' when it tells nothing. */
export function deviceOf(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? '';
}

const isAdmin = (actor: Actor) => actor.access === Access.admin;

/**
 * Ends every live session of a user (a new password): their tokens are refused from then on. In the caller's
 * transaction; answers how many were ended.
 */
export async function endAllSessions(executor: Executor, userId: string, endedBy: string | null): Promise<number> {
  const ended = await executor
    .update(userSessions)
    .set({ endedAt: sql`now()`, endedBy })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return ended.length;
}

/** The sessions of a user: a user sees and ends their own; the administrator any user's (docs/decisions.md). */
export class SessionsService {
  constructor(private readonly db: Db) {}

  /** The live sessions (not ended, not expired) of the actor, or of `userId` for the administrator; newest use first. */
  async list(actor: AuthenticatedUser, userId?: string): Promise<SessionView[]> {
    const owner = userId ?? actor.id;
    if (owner !== actor.id && !isAdmin(actor)) throw forbidden();
    const rows = await this.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, owner), isNull(userSessions.endedAt), gt(userSessions.expiresAt, sql`now()`)))
      .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.created));
    return rows.map((row) => ({
      _id: row.id,
      current: row.id === actor.jti,
      created: new Date(row.created).toISOString(),
      lastUsedAt: new Date(row.lastUsedAt).toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      device: deviceOf(row.userAgent),
    }));
  }

  /**
   * Ends one session (only its token): the actor's own, or any user's for the administrator. Another user's session,
   * an unknown or an already ended one: 404 (nobody learns which sessions exist). Logged.
   */
  async end(actor: AuthenticatedUser, sessionId: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [ended] = await tx
        .update(userSessions)
        .set({ endedAt: sql`now()`, endedBy: actor.id })
        .where(
          and(
            eq(userSessions.id, sessionId),
            isNull(userSessions.endedAt),
            gt(userSessions.expiresAt, sql`now()`),
            isAdmin(actor) ? undefined : eq(userSessions.userId, actor.id),
          ),
        )
        .returning({ id: userSessions.id, userId: userSessions.userId });
      if (!ended) throw notFound(M.the_session_was_not_found);
      await writeLog(tx, {
        name: 'Login',
        doc: ended.userId,
        model: 'users',
        type: 'event',
        action: 'sessionEnded',
        new: { sessionId: ended.id, userId: ended.userId, current: ended.id === actor.jti },
        actor,
        ip,
      });
    });
  }
}
