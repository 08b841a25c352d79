import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Locale, SessionTokenAnswer, SignInAnswer } from '@kantora/domain';
import { UserStatus } from '@kantora/domain';
import type { Db } from '../../db/client.ts';
import { signInAttempts, userSessions, users } from '../../db/schema/index.ts';
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

/** What completeSignIn needs of the user (a row of `users`). */
export type SignInUser = Pick<typeof users.$inferSelect, 'id' | 'tokenVersion' | 'email' | 'firstName' | 'lastName'>;

/** After a correct password: no second factor ('none'), one to verify ('verify'), or one to set up first ('setup'). */
export type MfaGateAnswer = { kind: 'none' } | { kind: 'verify' } | { kind: 'setup' };
/** Decides the second step of a sign-in for a user whose password was right (the two-factor service gives it). */
export type MfaGate = (user: typeof users.$inferSelect) => Promise<MfaGateAnswer>;

const noSecondFactor: MfaGate = async () => ({ kind: 'none' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class AuthService {
  private mfaGate: MfaGate;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly settings: AuthSettings,
    mfaGate: MfaGate = noSecondFactor,
  ) {
    this.mfaGate = mfaGate;
  }

  /** Gives the second-factor decision (until one is given every sign-in completes after the password). */
  setMfaGate(gate: MfaGate): void {
    this.mfaGate = gate;
  }

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

  /**
   * Sign-in, the first step: the password. Without a second factor the answer is the spec's `{token, expiration}`
   * (completeSignIn); with one, `{mfaRequired, mfaToken}` and POST /api/auth/mfa/verify completes it; a staff user
   * who must have one and has none also gets `mfaSetupRequired` (the gate decides: setMfaGate).
   */
  async signIn(usernameRaw: string, password: string, ip: string, userAgent = ''): Promise<SignInAnswer> {
    const username = usernameRaw.trim().toLowerCase();
    const attemptId = await this.admitAttempt(ip, username);
    if (attemptId === null) throw new AppError(429, 'too_many_attempts');
    const [user] = await this.db.select().from(users).where(sql`lower(${users.email}) = ${username}`).limit(1);
    const valid = user
      ? await verifyPassword(password, user.passwordHash)
      : await verifyPassword(password, await dummyPasswordHash());
    const success = Boolean(user && valid && user.status === UserStatus.active);
    if (!success || !user) {
      await writeLog(this.db, {
        name: 'Login',
        doc: user?.id ?? null,
        model: 'users',
        type: 'event',
        action: 'signInFailed',
        new: { username, ip, success: false },
        actor: user ? { id: user.id, fullName: fullName(user) } : null,
        ip,
      });
      throw badRequest('invalid_credentials');
    }
    await this.db.update(signInAttempts).set({ success: true }).where(eq(signInAttempts.id, attemptId));
    // Old attempts are pruned now and then; a day is far past any window.
    await this.db.delete(signInAttempts).where(lt(signInAttempts.at, new Date(Date.now() - 86_400_000).toISOString()));
    const gate = await this.mfaGate(user);
    if (gate.kind === 'none') return this.completeSignIn(user, ip, userAgent);
    await writeLog(this.db, {
      name: 'Login',
      doc: user.id,
      model: 'users',
      type: 'event',
      action: gate.kind === 'setup' ? 'signInMfaSetupRequired' : 'signInMfaRequired',
      new: { username, ip },
      actor: { id: user.id, fullName: fullName(user) },
      ip,
    });
    const mfaToken = await this.tokens.issueMfa(user.id, user.tokenVersion);
    return gate.kind === 'setup'
      ? { mfaRequired: true, mfaToken, mfaSetupRequired: true }
      : { mfaRequired: true, mfaToken };
  }

  /**
   * The one place a session starts: issues the token, writes its session row (its jti, IP, user agent) and the
   * signIn log row in one transaction, and answers the spec's `{token, expiration}`. Called after the password
   * (no second factor) or after the second factor (mfa/verify, a required setup's enable).
   */
  async completeSignIn(user: SignInUser, ip: string, userAgent: string): Promise<SessionTokenAnswer> {
    const issued = await this.tokens.issue(user.id, user.tokenVersion);
    await this.db.transaction(async (tx) => {
      await tx.insert(userSessions).values({
        id: issued.jti,
        userId: user.id,
        expiresAt: issued.expiration,
        ip: ip.slice(0, 100),
        userAgent: userAgent.slice(0, 500),
      });
      await writeLog(tx, {
        name: 'Login',
        doc: user.id,
        model: 'users',
        type: 'event',
        action: 'signIn',
        new: { username: user.email.toLowerCase(), ip, success: true },
        actor: { id: user.id, fullName: fullName(user) },
        ip,
      });
    });
    return { token: issued.token, expiration: issued.expiration };
  }

  /**
   * The user behind a second-step token (issued by signIn after the password), or a 401 `session_expired`: a bad or
   * expired token, a deactivated user, or a token version changed since (a new password).
   */
  async userOfMfaToken(mfaToken: string | undefined): Promise<typeof users.$inferSelect> {
    const claims = mfaToken ? await this.tokens.verifyMfa(mfaToken) : null;
    if (!claims) throw unauthorized('session_expired');
    const [user] = await this.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (!user || user.status !== UserStatus.active || user.tokenVersion !== claims.tv)
      throw unauthorized('session_expired');
    return user;
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

  /**
   * The live user behind verified claims, or a 401: the user is active, the token version is theirs and the session
   * (the token's jti; a link token's sid) exists, is not ended and has not expired. One query; `last_used_at` is
   * written at most once a minute per session (a conditional update, not a write per request).
   */
  private async userOfClaims(claims: TokenClaims): Promise<AuthenticatedUser> {
    if (!UUID.test(claims.jti)) throw unauthorized('session_expired');
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
        // Explicit names: inside a select of one table the columns render unqualified.
        live: sql<boolean>`exists (select 1 from user_sessions s where s.id = ${claims.jti}::uuid and s.user_id = ${claims.sub}::uuid and s.ended_at is null and s.expires_at > now())`,
      })
      .from(users)
      .where(sql`${users.id} = ${claims.sub}::uuid`)
      .limit(1);
    const user = rows[0];
    if (!user?.live || user.status !== UserStatus.active || user.tokenVersion !== claims.tv)
      throw unauthorized('session_expired');
    await this.db
      .update(userSessions)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(userSessions.id, claims.jti),
          isNull(userSessions.endedAt),
          lt(userSessions.lastUsedAt, sql`now() - interval '1 minute'`),
        ),
      );
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

  /** Ends the session of the token that asks (only that one): its row gets `ended_at`, the token is refused from then. */
  async signOut(user: AuthenticatedUser, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(userSessions)
        .set({ endedAt: sql`now()`, endedBy: user.id })
        .where(and(eq(userSessions.id, user.jti), isNull(userSessions.endedAt)));
      await writeLog(tx, {
        name: 'Login',
        doc: user.id,
        model: 'users',
        type: 'event',
        action: 'signOut',
        new: { sessionId: user.jti },
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
