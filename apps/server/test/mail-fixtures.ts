import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Actor } from '../src/http/actor.ts';
import type { TestUser } from './helpers.ts';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  envelopeTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Every DATA attempt's Message-ID, refused ones too. */
  attemptIds: string[];
  /** The answer to the next DATA commands: an SMTP code (e.g. 451, 550) or 'ok'. Consumed in order; then 'ok'. */
  answers: Array<number | 'ok'>;
  /** Milliseconds the server takes before answering each message (a slow server: a sender is caught mid-batch). */
  delayMs: number;
  /** Resolves when at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server in this process (port 0): accepts any sender, keeps and parses what arrives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const attemptIds: string[] = [];
  const waiters: Array<() => void> = [];
  const state = { answers: [] as Array<number | 'ok'>, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const parsed = await simpleParser(raw);
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        attemptIds.push(parsed.messageId ?? '');
        const answer = state.answers.shift() ?? 'ok';
        if (answer !== 'ok') {
          const error = Object.assign(new Error(answer >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
            responseCode: answer,
          });
          callback(error);
          return;
        }
        received.push({ envelopeTo: session.envelope.rcptTo.map((one) => one.address), raw, parsed });
        for (const wake of waiters.splice(0)) wake();
        callback(null, `Ok: queued as Q${received.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    attemptIds,
    get answers() {
      return state.answers;
    },
    set answers(value) {
      state.answers = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    async waitFor(count, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test user as the actor of a direct `queueMail` call. */
export function actorOf(user: TestUser): Actor {
  return { id: user.id, access: user.access, fullName: { bg: 'Админ', it: 'Admin' }, email: user.email, locale: 'bg' };
}

/** PDF-like bytes with every byte value (a binary attachment must arrive byte for byte). */
export function pdfBytes(size = 64 * 1024, seed = 1): Buffer {
  const body = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    body[i] = x & 0xff;
  }
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), body, Buffer.from('\n%%EOF\n')]);
}
