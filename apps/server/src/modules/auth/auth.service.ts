import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Locale } from '@kantora/domain';
import { UserStatus } from '@kantora/domain';
import type { Db } from '../../db/client.ts';
import { revokedTokens, signInAttempts, users } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthorized } from '../../http/errors.ts';
import type { AuthenticatedUser } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import type { TokenClaims, TokenService } from './tokens.ts';

export interface AuthSettings {
  maxAttempts: number;
  windowMinutes: number;
  isProduction: boolean;
}

/** The two classes of the sign-in advisory locks (`pg_advisory_xact_lock(class, key)`): per user name, per IP. */
const SIGNIN_LOCK_USERNAME = 7_401;
const SIGNIN_LOCK_IP = 7_402;

const fullName = (u: { firstName: { bg: string; it: string }; lastName: { bg: string; it: string } }) => ({
  bg: `${u.firstName.bg} ${u.lastName.bg}`.trim(),
  it: `${u.firstName.it} ${u.lastName.it}`.trim(),
});

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly settings: AuthSettings,
  ) {}

  /**
   * Admits one attempt or refuses it (null), counted before the password is checked and shared by every API process
   * through the database. One transaction takes the user name's and then the IP's advisory lock (two lock classes, always
   * in that order: no deadlock), counts the failed attempts of the window and, under the limits, records this attempt
   * as failed; the locks last until it commits, so the next attempt of that user name or IP counts this one. The
   * password is checked after the commit, and the row becomes a success only if it was. At most SIGNIN_MAX_ATTEMPTS
   * failed attempts per user name (×5 per IP) are ever checked in a window, whatever the concurrency (decisions.md).
   */
  private async admitAttempt(ip: string, username: string): Promise<number | null> {
    const { maxAttempts, windowMinutes } = this.settings;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGNIN_LOCK_USERNAME}::int, hashtext(${username}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGNIN_LOCK_IP}::int, hashtext(${ip}))`);
      const [row] = await tx
        .select({
          byUser: sql<number>`cast(count(*) filter (where ${signInAttempts.username} = ${username}) as integer)`,
          byIp: sql<number>`cast(count(*) filter (where ${signInAttempts.ip} = ${ip}) as integer)`,
        })
        .from(signInAttempts)
        .where(
          and(
            gt(signInAttempts.at, sql`now() - make_interval(mins => ${windowMinutes}::int)`),
            eq(signInAttempts.success, false),
            sql`(${signInAttempts.username} = ${username} or ${signInAttempts.ip} = ${ip})`,
          ),
        );
      // The per-IP limit is wider: several people may share one address.
      if ((row?.byUser ?? 0) >= maxAttempts || (row?.byIp ?? 0) >= maxAttempts * 5) return null;
      const [attempt] = await tx
        .insert(signInAttempts)
        .values({ ip, username, success: false })
        .returning({ id: signInAttempts.id });
      return attempt.id;
    });
  }

  async signIn(usernameRaw: string, password: string, ip: string): Promise<{ token: string; expiration: string }> {
    const username = usernameRaw.trim().toLowerCase();
    const attemptId = await this.admitAttempt(ip, username);
    if (attemptId === null) throw new AppError(429, 'too_many_attempts');
    const [user] = await this.db.select().from(users).where(sql`lower(${users.email}) = ${username}`).limit(1);
    const valid = user
      ? await verifyPassword(password, user.passwordHash)
      : await verifyPassword(password, await dummyPasswordHash());
    const success = Boolean(user && valid && user.status === UserStatus.active);
    await this.db.transaction(async (tx) => {
      if (success) await tx.update(signInAttempts).set({ success: true }).where(eq(signInAttempts.id, attemptId));
      await writeLog(tx, {
        name: 'Login',
        doc: user?.id ?? null,
        model: 'users',
        type: 'event',
        action: success ? 'signIn' : 'signInFailed',
        new: { username, ip, success },
        actor: user ? { id: user.id, fullName: fullName(user) } : null,
        ip,
      });
    });
    if (!success || !user) throw badRequest('invalid_credentials');
    // Old attempts are pruned now and then; a day is far past any window.
    await this.db.delete(signInAttempts).where(lt(signInAttempts.at, new Date(Date.now() - 86_400_000).toISOString()));
    return this.tokens.issue(user.id, user.tokenVersion);
  }

  /** The live user behind a bearer token, or a 401. One query: the user row and the revocation check. */
  async authenticate(token: string | undefined): Promise<AuthenticatedUser> {
    if (!token) throw unauthorized();
    const claims: TokenClaims | null = await this.tokens.verify(token);
    if (!claims) throw unauthorized('session_expired');
    return this.userOfClaims(claims);
  }

  /** A short-lived link token for one resource (see TokenService.issueLink), for the signed-in user. */
  issueLink(user: AuthenticatedUser, audience: string, ttlSeconds: number) {
    return this.tokens.issueLink(user, audience, ttlSeconds);
  }

  /** The live user behind a link token for `audience`, or a 401 (bad, expired, or its session ended). */
  async authenticateLink(token: string | undefined, audience: string): Promise<AuthenticatedUser> {
    if (!token) throw unauthorized();
    const claims = await this.tokens.verifyLink(token, audience);
    if (!claims) throw unauthorized('session_expired');
    return this.userOfClaims(claims);
  }

  private async userOfClaims(claims: TokenClaims): Promise<AuthenticatedUser> {
    const rows = await this.db
      .select({
        id: users.id,
        access: users.access,
        status: users.status,
        tokenVersion: users.tokenVersion,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        locale: users.locale,
        revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${claims.jti})`,
      })
      .from(users)
      .where(sql`${users.id} = ${claims.sub}::uuid`)
      .limit(1);
    const user = rows[0];
    if (!user || user.revoked || user.status !== UserStatus.active || user.tokenVersion !== claims.tv)
      throw unauthorized('session_expired');
    return {
      id: user.id,
      access: user.access,
      email: user.email,
      fullName: fullName(user),
      locale: user.locale === 'it' ? 'it' : 'bg',
      jti: claims.jti,
      exp: claims.exp,
      tokenVersion: user.tokenVersion,
    };
  }

  async signOut(user: AuthenticatedUser, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(revokedTokens)
        .values({ jti: user.jti, expiresAt: new Date(user.exp * 1000).toISOString() })
        .onConflictDoNothing();
      await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date().toISOString()));
      await writeLog(tx, {
        name: 'Login',
        doc: user.id,
        model: 'users',
        type: 'event',
        action: 'signOut',
        actor: user,
        ip,
      });
    });
  }

  currentUserInfo(user: AuthenticatedUser) {
    return {
      id: user.id,
      fullName: user.fullName,
      access: user.access,
      isProduction: this.settings.isProduction,
      locale: user.locale,
      email: user.email,
    };
  }

  async saveLocale(user: AuthenticatedUser, locale: Locale): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ locale }).where(eq(users.id, user.id));
      await writeLog(tx, {
        name: 'User',
        doc: user.id,
        model: 'users',
        type: 'update',
        action: 'saveLocale',
        old: { locale: user.locale },
        new: { locale },
        actor: user,
      });
    });
  }

  async reportNotFound(user: AuthenticatedUser, path: string, ip: string): Promise<void> {
    await writeLog(this.db, {
      name: 'Page',
      doc: null,
      model: 'pages',
      type: 'event',
      action: 'notFound',
      new: { path },
      actor: user,
      ip,
    });
  }
}
