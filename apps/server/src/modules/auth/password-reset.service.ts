import { createHash, randomBytes } from 'node:crypto';
import {
  type Locale,
  MessageKeys as M,
  type MailTemplateText,
  PASSWORD_RESET_MINUTES,
  renderMailTemplate,
  UserStatus,
} from '@kantora/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type Localized, passwordResets, users } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { writeLog } from '../logs/index.ts';
import { queueMail } from '../mail/index.ts';
import { hashPassword } from './passwords.ts';
import { admitEvents } from './rate-limit.ts';
import { endAllSessions } from './sessions.service.ts';

export interface PasswordResetOptions {
  /** The web's address: the link is `${publicUrl}/#/reset-password?token=…`. */
  publicUrl: string;
  /** The reset mail's template in a language (Settings → mail templates, kind 'passwordReset'). */
  template: (executor: Executor, language: Locale) => Promise<MailTemplateText>;
  /** The own company's name (who writes), if saved. */
  company?: (executor: Executor) => Promise<Localized | null>;
  /** Requests per address and per IP in an hour (defaults 3 and 20). */
  perAddress?: number;
  perIp?: number;
}

/** The SHA-256 of a reset token, hex: the only form in which a token is stored. */
export const resetTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const LIMIT_WINDOW_MINUTES = 60;

const userLog = { name: 'User', model: 'users', type: 'event' } as const;

/**
 * Password reset by e-mail (docs/decisions.md, "Account security"). A request answers the same for every address
 * (the route always answers true); an active account gets a single-use link for PASSWORD_RESET_MINUTES, stored only as
 * the token's hash; requests are limited per address and per IP through the database. Setting the password ends every
 * session of the user.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Db,
    private readonly options: PasswordResetOptions,
  ) {}

  /**
   * Queues the reset mail for an active account of `emailRaw`, under the limits; for an unknown address, an inactive
   * account or a request over a limit nothing is sent, after the same work (a token is made and hashed, the template
   * is read and rendered in a transaction): the caller cannot tell them apart.
   */
  async request(emailRaw: string, ip: string): Promise<void> {
    const email = emailRaw.trim().toLowerCase();
    const token = randomBytes(32).toString('base64url');
    const tokenHash = resetTokenHash(token);
    const admitted = await admitEvents(this.db, [
      {
        bucket: 'passwordReset:address',
        key: email,
        limit: this.options.perAddress ?? 3,
        windowMinutes: LIMIT_WINDOW_MINUTES,
      },
      { bucket: 'passwordReset:ip', key: ip, limit: this.options.perIp ?? 20, windowMinutes: LIMIT_WINDOW_MINUTES },
    ]);
    await this.db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, eq(users.status, UserStatus.active)))
        .limit(1);
      const language: Locale = user?.locale === 'it' ? 'it' : 'bg';
      const company = this.options.company ? await this.options.company(tx) : null;
      const link = `${this.options.publicUrl}/#/reset-password?token=${encodeURIComponent(token)}`;
      const name = user
        ? `${user.firstName[language] || user.firstName.bg} ${user.lastName[language] || user.lastName.bg}`
        : '';
      const rendered = renderMailTemplate(await this.options.template(tx, language), {
        name: name.trim(),
        resetLink: link,
        minutes: String(PASSWORD_RESET_MINUTES),
        company: company?.[language] || company?.bg || '',
      });
      if (!user || !admitted) return;
      const expiresAt = new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000).toISOString();
      const [reset] = await tx
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash, expiresAt, ip: ip.slice(0, 100) })
        .returning({ id: passwordResets.id });
      await queueMail(tx, null, {
        to: [user.email],
        ...rendered,
        language,
        kind: 'passwordReset',
        entity: { model: 'users', id: user.id },
        attachments: [],
      });
      await writeLog(tx, {
        ...userLog,
        doc: user.id,
        action: 'passwordResetRequested',
        new: { resetId: reset.id, expiresAt, ip },
        actor: null,
        ip,
      });
    });
  }

  /**
   * Sets a new password with a reset link's token: the link is used up (a conditional update: of two parallel calls
   * one wins), the user's other open links too, every session of the user ends and the token version moves on (a
   * second-step token ends as well). An unknown, used or expired token, or an account no longer active: 400
   * `reset_link_invalid`.
   */
  async reset(token: string, password: string, ip: string): Promise<void> {
    const tokenHash = resetTokenHash(token.trim());
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: passwordResets.id, userId: passwordResets.userId });
      if (!used) throw badRequest(M.reset_link_invalid);
      const [user] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updated: sql`now()` })
        .where(and(eq(users.id, used.userId), eq(users.status, UserStatus.active)))
        .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName });
      if (!user) throw badRequest(M.reset_link_invalid);
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), ne(passwordResets.id, used.id)));
      const sessionsEnded = await endAllSessions(tx, user.id, user.id);
      await writeLog(tx, {
        ...userLog,
        doc: user.id,
        action: 'passwordReset',
        new: { resetId: used.id, sessionsEnded, ip },
        actor: {
          id: user.id,
          fullName: {
            bg: `${user.firstName.bg} ${user.lastName.bg}`.trim(),
            it: `${user.firstName.it} ${user.lastName.it}`.trim(),
          },
        },
        ip,
      });
    });
  }
}
