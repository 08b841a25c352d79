import type { MailSmtpState } from '@kantora/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { mailAttachments, mailMessages, mailStatus } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { writeLog } from '../logs/index.ts';
import { MAIL_LOG } from './mail.queue.ts';
import { registerMailRuntime } from './mail.runtime.ts';

export interface MailSenderOptions {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://; undefined = no delivery (held). */
  smtpUrl: string | undefined;
  from: string;
  /** The first retry's delay after a temporary refusal; doubled per attempt, capped at MAX_BACKOFF_MS. */
  retryBaseMs: number;
  maxAttempts: number;
  leaseSeconds: number;
  pollMs: number;
  /** Messages claimed per transaction. */
  batchSize?: number;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const DEFAULT_BATCH = 20;
const STOP_PATIENCE_MS = 10_000;

type MessageRow = typeof mailMessages.$inferSelect;

interface SmtpError {
  message?: string;
  responseCode?: number;
  response?: string;
  code?: string;
}

/** The text kept of an SMTP failure: the server's answer when there is one. */
function errorText(error: SmtpError): string {
  const text = (error.response || error.message || String(error)).replace(/\s+/g, ' ').trim();
  return text.slice(0, 1000);
}

/** A permanent refusal (5xx): the message fails at once. Everything else (4xx, no connection) is retried. */
function isPermanent(error: SmtpError): boolean {
  return typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;
}

/** The server's id of the accepted message ("250 2.0.0 Ok: queued as 4Xyz"), else its whole answer. */
function serverMessageId(response: string | undefined): string | null {
  if (!response) return null;
  const queued = /queued as\s+([^\s]+)/i.exec(response);
  return (queued?.[1] ?? response).slice(0, 500);
}

/**
 * The in-process sender (docs/decisions.md, "Mail"). A pass claims due messages in a short transaction
 * (`FOR UPDATE SKIP LOCKED`: another process's claim is skipped, not waited for), sets their lease and counts the
 * attempt, commits, then talks SMTP without holding a transaction, and writes each outcome in its own short
 * transaction. A message whose sender died keeps an expired lease and is claimed again.
 */
export class MailSender {
  readonly configured: boolean;
  private transport: Transporter | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private kickTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private background = true;
  private unregister: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: MailSenderOptions,
  ) {
    this.configured = Boolean(options.smtpUrl);
  }

  /**
   * Registers the sender for `queueMail` and, with SMTP configured, polls for due messages and is woken by new ones.
   * `background: false` (tests, the bench): nothing is sent but by `drain()`.
   */
  start(options: { background?: boolean } = {}): void {
    this.stopped = false;
    this.background = options.background !== false;
    this.unregister = registerMailRuntime({
      configured: this.configured,
      from: this.options.from,
      kick: () => this.kick(),
    });
    if (!this.configured) return;
    this.transport = nodemailer.createTransport({
      url: this.options.smtpUrl,
      pool: true,
      maxConnections: 1,
      // An unreachable or silent server fails the attempt (retried later) instead of holding the sender for minutes.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as never);
    if (this.background) {
      const tick = () => {
        if (this.stopped) return;
        this.schedule();
        this.timer = setTimeout(tick, this.options.pollMs);
        this.timer.unref();
      };
      tick();
    }
  }

  /** Stops polling, waits for the pass under way and closes the SMTP connections. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.kickTimer) clearTimeout(this.kickTimer);
    this.unregister?.();
    // The pass under way finishes its message; one stuck on a slow server is cut short after a while (its attempt is
    // then written as a temporary failure, retried later, by this or another process).
    let waited: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      waited = setTimeout(resolve, STOP_PATIENCE_MS);
    });
    await Promise.race([this.chain.catch(() => undefined), patience]);
    clearTimeout(waited);
    this.transport?.close();
    await this.chain.catch(() => undefined);
    this.transport = null;
  }

  /** Wakes the sender soon (a message was queued; it is seen once its transaction commits). */
  kick(): void {
    if (this.stopped || !this.background || !this.configured || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      this.schedule();
    }, 20);
    this.kickTimer.unref();
  }

  /** Delivers every message due now (retries included when their delay is 0) and resolves when none is left. */
  drain(): Promise<void> {
    return this.enqueue(() => this.runUntilIdle());
  }

  private schedule(): void {
    void this.enqueue(() => this.runUntilIdle()).catch((error) => this.options.log?.error({ err: error }, 'mail pass'));
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async runUntilIdle(): Promise<void> {
    if (!this.configured || !this.transport) return;
    for (;;) {
      if (this.stopped) return;
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      for (const [index, message] of claimed.entries()) {
        if (this.stopped) {
          await this.release(claimed.slice(index));
          return;
        }
        await this.deliver(message);
      }
    }
  }

  /** Claims due messages: a short transaction that locks them (skipping others' locks) and sets their lease. */
  async claim(): Promise<MessageRow[]> {
    const limit = this.options.batchSize ?? DEFAULT_BATCH;
    const lease = `${this.options.leaseSeconds} seconds`;
    return this.db.transaction(async (tx) => {
      const due = await queryRows<{ id: string }>(
        tx,
        sql`select id from mail_messages
             where state = 'queued' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
             order by next_attempt_at, created, id
             limit ${limit}
             for update skip locked`,
      );
      if (due.length === 0) return [];
      return tx
        .update(mailMessages)
        .set({
          leaseUntil: sql`now() + ${lease}::interval`,
          attempts: sql`${mailMessages.attempts} + 1`,
        })
        .where(
          inArray(
            mailMessages.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  /** Gives back claimed messages not attempted (the sender is stopping): claimable at once, the attempt uncounted. */
  private async release(messages: MessageRow[]): Promise<void> {
    for (const message of messages)
      await this.db
        .update(mailMessages)
        .set({ leaseUntil: null, attempts: message.attempts - 1 })
        .where(
          and(
            eq(mailMessages.id, message.id),
            eq(mailMessages.state, 'queued'),
            eq(mailMessages.attempts, message.attempts),
          ),
        );
  }

  private async deliver(message: MessageRow): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    const attachments = await this.db
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, message.id))
      .orderBy(asc(mailAttachments.position));
    try {
      const info = await transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageIdHeader,
        attachments: attachments.map((one) => ({
          filename: one.filename,
          contentType: one.contentType,
          content: one.content,
        })),
      });
      const rejected = (info.rejected ?? []).map(String);
      await this.finish(message, {
        state: 'sent',
        smtpMessageId: serverMessageId(info.response),
        lastError: rejected.length ? `rejected: ${rejected.join(', ')}` : null,
      });
    } catch (caught) {
      const error = caught as SmtpError;
      const reason = errorText(error);
      if (isPermanent(error) || message.attempts >= this.options.maxAttempts) {
        await this.finish(message, { state: 'failed', lastError: reason });
      } else {
        const delay = Math.min(this.options.retryBaseMs * 2 ** (message.attempts - 1), MAX_BACKOFF_MS);
        await this.finish(message, { state: 'queued', lastError: reason, delayMs: delay });
      }
    }
  }

  /** Writes an attempt's outcome, only while the claim is still ours (same attempt, still queued). */
  private async finish(
    message: MessageRow,
    outcome:
      | { state: 'sent'; smtpMessageId: string | null; lastError: string | null }
      | { state: 'failed'; lastError: string }
      | { state: 'queued'; lastError: string; delayMs: number },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ours = and(
        eq(mailMessages.id, message.id),
        eq(mailMessages.state, 'queued'),
        eq(mailMessages.attempts, message.attempts),
      );
      const set =
        outcome.state === 'sent'
          ? {
              state: 'sent',
              sentAt: sql`now()`,
              smtpMessageId: outcome.smtpMessageId,
              lastError: outcome.lastError,
              leaseUntil: null,
            }
          : outcome.state === 'failed'
            ? { state: 'failed', lastError: outcome.lastError, leaseUntil: null }
            : {
                state: 'queued',
                lastError: outcome.lastError,
                leaseUntil: null,
                nextAttemptAt: sql`now() + ${`${outcome.delayMs} milliseconds`}::interval`,
              };
      const [updated] = await tx
        .update(mailMessages)
        .set(set as never)
        .where(ours)
        .returning({ id: mailMessages.id });
      if (!updated) return;
      const success = outcome.state === 'sent';
      await tx
        .insert(mailStatus)
        .values(
          success
            ? { singleton: true, lastSuccessAt: sql`now()` as never }
            : { singleton: true, lastErrorAt: sql`now()` as never, lastError: outcome.lastError },
        )
        .onConflictDoUpdate({
          target: mailStatus.singleton,
          set: success
            ? { lastSuccessAt: sql`now()` }
            : { lastErrorAt: sql`now()`, lastError: outcome.lastError as string },
        });
      if (outcome.state !== 'queued')
        await writeLog(tx, {
          ...MAIL_LOG,
          doc: message.id,
          type: 'event',
          action: success ? 'send' : 'sendFailed',
          old: null,
          new: {
            state: outcome.state,
            to: message.to,
            subject: message.subject,
            attempts: message.attempts,
            lastError: outcome.lastError,
            ...(success ? { smtpMessageId: outcome.smtpMessageId } : {}),
          },
          actor: null,
        });
    });
  }

  /** The SMTP side's state for the list screen. */
  async smtpState(): Promise<MailSmtpState> {
    const [row] = await this.db.select().from(mailStatus).limit(1);
    const [held] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailMessages)
      .where(eq(mailMessages.state, 'held'));
    return {
      configured: this.configured,
      held: Number(held?.count ?? 0),
      lastSuccessAt: iso(row?.lastSuccessAt ?? null),
      lastErrorAt: iso(row?.lastErrorAt ?? null),
      lastError: row?.lastError ?? null,
    };
  }
}
