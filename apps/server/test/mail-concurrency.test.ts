import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { MailSender, type OutgoingMail, queueMail } from '../src/modules/mail/index.ts';
import { onPGlite, raceIt } from './concurrency.ts';
import { freshDatabase } from './helpers.ts';
import { pdfBytes, startSmtpServer, type TestSmtpServer } from './mail-fixtures.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const FROM = 'Kantora <office@kantora.test>';
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database and, on PostgreSQL, its URL (for server processes). */
async function sharedDatabase(): Promise<{ database: Database; url: string | null }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const database = await freshDatabase();
    cleanups.push(() => database.close());
    return { database, url: null };
  }
  const name = `kantora_mail_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.template}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  cleanups.push(async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: template.url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  return { database, url: url.toString() };
}

async function smtpServer(): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  return smtp;
}

function sender(database: Database, smtp: TestSmtpServer, leaseSeconds: number) {
  return new MailSender(database.db, {
    smtpUrl: smtp.url,
    from: FROM,
    retryBaseMs: 0,
    maxAttempts: 5,
    leaseSeconds,
    pollMs: 60_000,
  });
}

/** Queues `count` messages (a small PDF each) through a sender that delivers nothing by itself. */
async function queueMany(database: Database, smtp: TestSmtpServer, count: number): Promise<string[]> {
  const queuer = sender(database, smtp, 300);
  queuer.start({ background: false });
  const pdf = pdfBytes(4096);
  const ids: string[] = [];
  try {
    for (let start = 0; start < count; start += 50) {
      await database.db.transaction(async (tx) => {
        for (let i = start; i < Math.min(count, start + 50); i += 1) {
          const mail: OutgoingMail = {
            to: [`client${i}@example.test`],
            subject: `Message ${i}`,
            text: `Body ${i}`,
            html: `<p>Body ${i}</p>`,
            language: 'bg',
            kind: 'document',
            entity: null,
            attachments: [{ filename: `doc-${i}.pdf`, contentType: 'application/pdf', content: pdf }],
          };
          ids.push((await queueMail(tx, null, mail))._id);
        }
      });
    }
  } finally {
    await queuer.stop();
  }
  return ids;
}

async function states(database: Database) {
  return queryRows<{ id: string; state: string; attempts: number; messageId: string }>(
    database.db,
    sql`select id, state, attempts, message_id_header as "messageId" from mail_messages order by created, id`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** A real API process (`node --import tsx src/main.ts`) on the database, sending to the test's SMTP server. */
async function startProcess(url: string, smtp: TestSmtpServer, leaseSeconds: number, from = FROM): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: url,
      PORT: String(await freePort()),
      JWT_SECRET: 'mail-test-secret-'.padEnd(48, 'x'),
      ADMIN_PASSWORD: 'admin-pass-1',
      SMTP_URL: smtp.url,
      MAIL_FROM: from,
      MAIL_RETRY_BASE_MS: '0',
      MAIL_LEASE_SECONDS: String(leaseSeconds),
      MAIL_POLL_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = { child, output: () => text, exited };
  await until(
    () => /serving at/.test(text),
    () => `not started: ${text}`,
    90_000,
    () => child.exitCode !== null,
  );
  return started;
}

/** Waits for a condition (checked every 100 ms) up to a deadline. */
async function until(
  done: () => boolean | Promise<boolean>,
  describe: () => string,
  timeoutMs = 90_000,
  failed: () => boolean = () => false,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (failed() || Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const allSent = (database: Database) => async () => (await states(database)).every((row) => row.state === 'sent');

describe('outbox with several senders', { timeout: 180_000 }, () => {
  raceIt('two API processes on one database deliver 200 queued messages, each exactly once', async () => {
    const smtp = await smtpServer();
    const { database, url } = await sharedDatabase();
    await queueMany(database, smtp, 200);
    smtp.delayMs = 20;
    if (onPGlite || !url) {
      // One PGlite connection: two senders in this process, their passes served one after another.
      const [a, b] = [sender(database, smtp, 300), sender(database, smtp, 300)];
      a.start({ background: false });
      b.start({ background: false });
      await Promise.all([a.drain(), b.drain()]);
      await Promise.all([a.stop(), b.stop()]);
    } else {
      // Each process sends with its own From address, so the server tells who delivered what.
      const [a, b] = await Promise.all([
        startProcess(url, smtp, 300, 'Kantora A <a@kantora.test>'),
        startProcess(url, smtp, 300, 'Kantora B <b@kantora.test>'),
      ]);
      await until(allSent(database), () => `${smtp.received.length} of 200 arrived`);
      for (const one of [a, b]) one.child.kill('SIGTERM');
      expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
      const senders = new Set(smtp.received.map((mail) => mail.parsed.from?.value[0]?.address));
      expect(senders).toEqual(new Set(['a@kantora.test', 'b@kantora.test']));
    }
    const rows = await states(database);
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
    const arrived = smtp.received.map((mail) => mail.parsed.messageId);
    expect(arrived).toHaveLength(200);
    expect(new Set(arrived)).toEqual(new Set(rows.map((row) => row.messageId)));
  });

  raceIt('a sender killed mid-batch loses no message: after its lease another sender delivers the rest', async () => {
    const smtp = await smtpServer();
    const { database, url } = await sharedDatabase();
    const ids = await queueMany(database, smtp, 100);
    if (onPGlite || !url) {
      // A killed sender whose lease has run out (0 seconds: expired by the next transaction) and a live one (300 s):
      // both claimed a batch (lease set, attempt counted) and never report back.
      const [dead, live, other] = [sender(database, smtp, 0), sender(database, smtp, 300), sender(database, smtp, 300)];
      for (const one of [dead, live, other]) one.start({ background: false });
      const liveClaim = (await live.claim()).map((row) => row.id);
      const deadClaim = (await dead.claim()).map((row) => row.id);
      expect([deadClaim.length, liveClaim.length]).toEqual([20, 20]);
      await other.drain();
      for (const one of [dead, live, other]) await one.stop();
      const rows = await states(database);
      const byId = new Map(rows.map((row) => [row.id, row]));
      // The expired claim's messages were claimed again and sent; the live claim's are left to their sender.
      expect(deadClaim.every((id) => byId.get(id)?.state === 'sent' && byId.get(id)?.attempts === 2)).toBe(true);
      expect(liveClaim.every((id) => byId.get(id)?.state === 'queued' && byId.get(id)?.attempts === 1)).toBe(true);
      expect(smtp.received).toHaveLength(80);
      const arrived = smtp.received.map((mail) => mail.parsed.messageId);
      expect(new Set(arrived).size).toBe(80);
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      return;
    } else {
      smtp.delayMs = 40;
      const first = await startProcess(url, smtp, 3);
      await smtp.waitFor(5);
      first.child.kill('SIGKILL');
      await first.exited;
      const leftBehind = (await states(database)).filter((row) => row.state !== 'sent');
      expect(leftBehind.length).toBeGreaterThan(0);
      smtp.delayMs = 0;
      const second = await startProcess(url, smtp, 3);
      await until(allSent(database), () => `${smtp.received.length} of 100 arrived`);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      // The messages the killed process had claimed but not sent were claimed again after its lease.
      expect((await states(database)).some((row) => row.attempts >= 2)).toBe(true);
    }
    const rows = await states(database);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => row.state === 'sent')).toBe(true);
    const arrived = smtp.received.map((mail) => mail.parsed.messageId);
    expect(new Set(arrived)).toEqual(new Set(rows.map((row) => row.messageId)));
    // At most the one message the server had taken when the process died arrives twice (same Message-ID).
    expect(arrived.length - new Set(arrived).size).toBeLessThanOrEqual(1);
  });
});
