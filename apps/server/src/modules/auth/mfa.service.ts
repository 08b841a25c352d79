import {
  canAccess,
  type MfaEnableAnswer,
  type MfaSetupAnswer,
  type MfaStatus,
  MessageKeys as M,
  Permissions,
  type SessionTokenAnswer,
} from '@kantora/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/client.ts';
import { userMfa, userRecoveryCodes, users } from '../../db/schema/index.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors.ts';
import { writeLog } from '../logs/index.ts';
import {
  type MfaCrypto,
  newRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
} from './mfa-crypto.ts';
import { admitEvent, forgetEvents } from './rate-limit.ts';
import type { AuthService, MfaGateAnswer } from './auth.service.ts';
import type { SecuritySettingsService } from './security-settings.service.ts';

/** The issuer shown by authenticator apps next to the account. */
const TOTP_ISSUER = 'Kantora';
/** RFC 6238 with the authenticator apps' settings: SHA-1, 6 digits, 30 s steps; one step of clock drift either way. */
const TOTP_PERIOD = 30;
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD;
/** Wrong second-factor codes (sign-in, enabling, disabling) per user per window; over it: 429 too_many_attempts. */
export const MFA_MAX_FAILURES = 5;
export const MFA_WINDOW_MINUTES = 15;
const MFA_BUCKET = 'mfaCode';

export type UserRow = typeof users.$inferSelect;

/** What the two-factor service needs of the sign-in (AuthService): the second-step token's user, and the one place
 * that starts a session (the session row, the signIn log row and the token). */
export type SignInSteps = Pick<AuthService, 'completeSignIn' | 'userOfMfaToken'>;

/** Who sets up or enables a second factor: a signed-in user, or one in the middle of a required setup's sign-in. */
export type MfaCaller = { kind: 'signedIn'; user: Actor } | { kind: 'signIn'; user: UserRow };

interface RequestInfo {
  ip: string;
  userAgent: string;
}

const fullName = (u: { firstName: { bg: string; it: string }; lastName: { bg: string; it: string } }) => ({
  bg: `${u.firstName.bg} ${u.lastName.bg}`.trim(),
  it: `${u.firstName.it} ${u.lastName.it}`.trim(),
});
const actorOf = (user: UserRow): Actor => ({
  id: user.id,
  access: user.access,
  fullName: fullName(user),
  email: user.email,
  locale: user.locale === 'it' ? 'it' : 'bg',
});

/** The time step of a code accepted now, or null (otplib checks the code; the caller makes it single use). */
async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);
const compact = (code: string) => code.replace(/[\s-]/g, '');

/**
 * Two-factor sign-in (TOTP, RFC 6238, with otplib) and its recovery codes (docs/decisions.md, "Two-factor sign-in").
 * Secrets are stored encrypted (MfaCrypto); a code is accepted once: its time step must be later than the last
 * accepted one, written with a conditional UPDATE so two parallel requests with one code cannot both pass; a recovery
 * code is used with a conditional UPDATE too. Wrong codes are counted per user through the database (rate-limit.ts).
 */
export class MfaService {
  private signIns: SignInSteps | null = null;

  constructor(
    private readonly db: Db,
    private readonly crypto: MfaCrypto,
    private readonly settings: SecuritySettingsService,
  ) {}

  /** The sign-in whose second step this is (AuthService; given once when the app is built). */
  useSignIn(signIns: SignInSteps): void {
    this.signIns = signIns;
  }

  /** After a correct password: a second factor to verify, one to set up first (required for staff), or none. */
  async gate(user: { id: string; access: number }): Promise<MfaGateAnswer> {
    if (await this.isEnabled(user.id)) return { kind: 'verify' };
    if (await this.settings.mfaRequiredFor(user.access)) return { kind: 'setup' };
    return { kind: 'none' };
  }

  private async isEnabled(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ enabledAt: userMfa.enabledAt })
      .from(userMfa)
      .where(eq(userMfa.userId, userId))
      .limit(1);
    return Boolean(row?.enabledAt);
  }

  /** The live user behind a second-step token, or 401 `session_expired` (forged, expired, a new password...). */
  async userOfMfaToken(token: string): Promise<UserRow> {
    const user = await this.signIn().userOfMfaToken(token);
    if (!canAccess(Permissions.signedIn, user.access)) throw unauthorized(M.session_expired);
    return user;
  }

  async status(actor: Actor): Promise<MfaStatus> {
    const [row] = await this.db
      .select({
        enabledAt: userMfa.enabledAt,
        left: sql<number>`cast((select count(*) from ${userRecoveryCodes} where ${userRecoveryCodes.userId} = ${actor.id} and ${userRecoveryCodes.usedAt} is null) as integer)`,
      })
      .from(userMfa)
      .where(eq(userMfa.userId, actor.id))
      .limit(1);
    const enabled = Boolean(row?.enabledAt);
    return {
      enabled,
      recoveryCodesLeft: enabled ? (row?.left ?? 0) : 0,
      required: await this.settings.mfaRequiredFor(actor.access),
    };
  }

  /**
   * A new secret to set up (replacing an unconfirmed one); it becomes the user's second factor only when `enable`
   * gets a code of it. With a second factor already on: 409 `mfa_already_enabled` (turn it off first). During a
   * sign-in, only while the administrator requires a factor the user does not have yet: a password alone never
   * replaces an existing second factor.
   */
  async setup(caller: MfaCaller): Promise<MfaSetupAnswer> {
    await this.assertCanSetUp(caller);
    const { user } = caller;
    const secret = generateSecret();
    const pendingSecret = this.crypto.encrypt(secret, user.id);
    await this.db
      .insert(userMfa)
      .values({ userId: user.id, pendingSecret })
      .onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecret, updated: sql`now()` } });
    return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret, period: TOTP_PERIOD }) };
  }

  private async assertCanSetUp(caller: MfaCaller): Promise<void> {
    if (await this.isEnabled(caller.user.id)) {
      if (caller.kind === 'signIn') throw unauthorized(M.session_expired);
      throw conflict(M.mfa_already_enabled);
    }
    if (caller.kind === 'signIn' && !(await this.settings.mfaRequiredFor(caller.user.access)))
      throw unauthorized(M.session_expired);
  }

  /**
   * Confirms the secret of `setup` with a code of it: the second factor is on, ten new recovery codes replace any old
   * ones (answered once, stored hashed) and, during a required setup's sign-in, the sign-in completes.
   */
  async enable(caller: MfaCaller, code: string, request: RequestInfo): Promise<MfaEnableAnswer> {
    await this.assertCanSetUp(caller);
    const { user } = caller;
    const [row] = await this.db.select().from(userMfa).where(eq(userMfa.userId, user.id)).limit(1);
    if (!row?.pendingSecret) throw badRequest(M.mfa_setup_not_started);
    const storedPending = row.pendingSecret;
    const secret = this.crypto.decrypt(storedPending, user.id);
    if (!secret) throw badRequest(M.mfa_setup_not_started);
    const actor = caller.kind === 'signIn' ? actorOf(caller.user) : caller.user;
    const recoveryCodes = await this.checked(actor, request.ip, async () => {
      const entered = compact(code);
      const step = isTotpCode(entered) ? await totpStep(secret, entered, null) : null;
      if (step === null) return null;
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      return this.db.transaction(async (tx) => {
        // Only the secret that was checked becomes the factor, once (a parallel enable or a new setup loses).
        const enabled = await tx
          .update(userMfa)
          .set({
            secret: storedPending,
            pendingSecret: null,
            enabledAt: sql`now()`,
            lastStep: step,
            updated: sql`now()`,
          })
          .where(and(eq(userMfa.userId, user.id), eq(userMfa.pendingSecret, storedPending), isNull(userMfa.enabledAt)))
          .returning({ userId: userMfa.userId });
        if (enabled.length === 0) return null;
        await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
        await tx
          .insert(userRecoveryCodes)
          .values(
            codes.map((one) => ({ userId: user.id, codeHash: recoveryCodeHash(normalizeRecoveryCode(one) ?? '') })),
          );
        await writeLog(tx, {
          name: 'User',
          doc: user.id,
          model: 'users',
          type: 'event',
          action: 'mfaEnabled',
          new: { duringSignIn: caller.kind === 'signIn' },
          actor,
          ip: request.ip,
        });
        return codes;
      });
    });
    if (caller.kind === 'signIn') {
      const session = await this.signIn().completeSignIn(caller.user, request.ip, request.userAgent);
      return { recoveryCodes, ...session };
    }
    return { recoveryCodes };
  }

  /** The second step of a sign-in: a current code or an unused recovery code → the session token signIn answers. */
  async verify(mfaToken: string, code: string, request: RequestInfo): Promise<SessionTokenAnswer> {
    const user = await this.userOfMfaToken(mfaToken);
    if (!(await this.isEnabled(user.id))) throw unauthorized(M.session_expired);
    const actor = actorOf(user);
    await this.checked(actor, request.ip, () => this.useCode(actor, code, request.ip));
    return this.signIn().completeSignIn(user, request.ip, request.userAgent);
  }

  /** Turns the user's own second factor off, with a current code or a recovery code. Not while it is required. */
  async disable(actor: Actor, code: string, ip: string): Promise<void> {
    if (!(await this.isEnabled(actor.id))) throw badRequest(M.mfa_not_enabled);
    if (await this.settings.mfaRequiredFor(actor.access)) throw conflict(M.mfa_required);
    await this.checked(actor, ip, () => this.useCode(actor, code, ip));
    await this.db.transaction(async (tx) => {
      await tx.delete(userMfa).where(eq(userMfa.userId, actor.id));
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, actor.id));
      await writeLog(tx, {
        name: 'User',
        doc: actor.id,
        model: 'users',
        type: 'event',
        action: 'mfaDisabled',
        actor,
        ip,
      });
    });
  }

  /**
   * The administrator removes a user's second factor (a lost phone): the user signs in with the password alone (or is
   * led through a new setup while it is required). Logged on the user.
   */
  async reset(actor: Actor, userId: string, ip: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw notFound();
      const removed = await tx
        .delete(userMfa)
        .where(eq(userMfa.userId, userId))
        .returning({ enabledAt: userMfa.enabledAt });
      await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await writeLog(tx, {
        name: 'User',
        doc: userId,
        model: 'users',
        type: 'event',
        action: 'mfaReset',
        old: { enabled: Boolean(removed[0]?.enabledAt) },
        new: { enabled: false },
        actor,
        ip,
      });
    });
  }

  /**
   * Runs one code check under the user's limit of wrong codes: the attempt is counted before the check (so parallel
   * guesses cannot pass the limit) and taken back when it succeeds; a wrong code is logged (mfaVerifyFailed) and
   * answers 400 `mfa_code_invalid`, and over the limit 429 `too_many_attempts`.
   */
  private async checked<T>(actor: Actor, ip: string, check: () => Promise<T | null>): Promise<T> {
    const eventId = await admitEvent(this.db, MFA_BUCKET, actor.id, MFA_MAX_FAILURES, MFA_WINDOW_MINUTES);
    if (eventId === null) throw new AppError(429, M.too_many_attempts);
    const result = await check();
    if (result !== null) {
      await forgetEvents(this.db, [eventId]);
      return result;
    }
    await writeLog(this.db, {
      name: 'Login',
      doc: actor.id,
      model: 'users',
      type: 'event',
      action: 'mfaVerifyFailed',
      actor,
      ip,
    });
    throw badRequest(M.mfa_code_invalid);
  }

  /** Accepts a current code (once: a later step than the last accepted) or an unused recovery code; null if neither. */
  private async useCode(user: Pick<Actor, 'id' | 'fullName'>, code: string, ip: string): Promise<true | null> {
    const entered = compact(code);
    if (isTotpCode(entered)) {
      const [row] = await this.db.select().from(userMfa).where(eq(userMfa.userId, user.id)).limit(1);
      const secret = row?.secret && row.enabledAt ? this.crypto.decrypt(row.secret, user.id) : null;
      if (!secret) return null;
      const step = await totpStep(secret, entered, row.lastStep ?? null);
      if (step === null) return null;
      // The step is taken only if no code of it (or a later one) was accepted meanwhile: one request wins.
      const taken = await this.db
        .update(userMfa)
        .set({ lastStep: step })
        .where(and(eq(userMfa.userId, user.id), sql`(${userMfa.lastStep} is null or ${userMfa.lastStep} < ${step})`))
        .returning({ userId: userMfa.userId });
      return taken.length ? true : null;
    }
    const normalized = normalizeRecoveryCode(entered);
    if (!normalized) return null;
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(userRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(userRecoveryCodes.userId, user.id),
            eq(userRecoveryCodes.codeHash, recoveryCodeHash(normalized)),
            isNull(userRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: userRecoveryCodes.id });
      if (used.length === 0) return null;
      await writeLog(tx, {
        name: 'Login',
        doc: user.id,
        model: 'users',
        type: 'event',
        action: 'recoveryCodeUsed',
        actor: user,
        ip,
      });
      return true as const;
    });
  }

  private signIn(): SignInSteps {
    if (!this.signIns) throw new Error('MfaService: no sign-in was given (useSignIn)');
    return this.signIns;
  }
}
