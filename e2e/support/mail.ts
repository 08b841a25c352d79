import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ARTIFACTS } from './browser.ts';

/**
 * The run's mail server: a real SMTP server (the `smtp-server` package) on a free port of 127.0.0.1 that the app
 * server delivers to (SMTP_URL). Each message it accepts is written as `<n>.eml` with its envelope beside it as
 * `<n>.json`, in MAIL_DIR; specs read them with `waitForMail`. The global setup and the specs run in different
 * processes, so the files are what they share.
 */
export const MAIL_DIR = join(ARTIFACTS, 'mail');

export interface Envelope {
  from: string;
  to: string[];
}

/** Starts the run's SMTP server (plain, no sign-in), emptying MAIL_DIR first; answers its URL and a stopper. */
export async function startMailServer(): Promise<{ url: string; close: () => Promise<void> }> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        count += 1;
        const name = String(count).padStart(5, '0');
        const envelope: Envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        // Written under a temporary name and renamed: a reader never sees half a message.
        writeFileSync(join(MAIL_DIR, `${name}.json`), JSON.stringify(envelope));
        writeFileSync(join(MAIL_DIR, `${name}.tmp`), Buffer.concat(chunks));
        renameSync(join(MAIL_DIR, `${name}.tmp`), join(MAIL_DIR, `${name}.eml`));
        callback();
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface ReceivedMail {
  envelope: Envelope;
  parsed: ParsedMail;
  /** The raw message as received. */
  raw: Buffer;
}

const parsedCache = new Map<string, ReceivedMail>();

/** Every message received so far, in the order of arrival. */
export async function receivedMails(): Promise<ReceivedMail[]> {
  const names = readdirSync(MAIL_DIR)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  const out: ReceivedMail[] = [];
  for (const name of names) {
    let mail = parsedCache.get(name);
    if (!mail) {
      const raw = readFileSync(join(MAIL_DIR, name));
      const envelope = JSON.parse(readFileSync(join(MAIL_DIR, name.replace(/\.eml$/, '.json')), 'utf8')) as Envelope;
      mail = { envelope, parsed: await simpleParser(raw), raw };
      parsedCache.set(name, mail);
    }
    out.push(mail);
  }
  return out;
}

/**
 * The messages matching `predicate` once there are `count` of them (one unless told): polls the received messages
 * until a deadline (the app's sender delivers after its transaction commits) and throws with the subjects seen.
 */
export async function waitForMails(
  predicate: (mail: ReceivedMail) => boolean,
  options: { count?: number; timeout?: number } = {},
): Promise<ReceivedMail[]> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeout ?? 30_000);
  for (;;) {
    const all = await receivedMails();
    const matching = all.filter(predicate);
    if (matching.length >= count) return matching;
    if (Date.now() > deadline) {
      const seen = all.map((mail) => `${mail.envelope.to.join(',')}: ${mail.parsed.subject}`).join('\n');
      throw new Error(`${matching.length} of ${count} expected messages arrived; received:\n${seen}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** The one message matching `predicate` (waits for it like waitForMails). */
export async function waitForMail(
  predicate: (mail: ReceivedMail) => boolean,
  options: { timeout?: number } = {},
): Promise<ReceivedMail> {
  return (await waitForMails(predicate, options))[0];
}
