import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logs, mailMessages, passwordResets, userSessions } from '../src/db/schema/index.ts';
import { raceIt } from './concurrency.ts';
import { bearer, createTestContext, TEST_PASSWORD, type TestContext } from './helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './mail-fixtures.ts';

const PUBLIC_URL = 'https://kantora.example';
let ctx: TestContext;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'Kantora <no-reply@kantora.test>', PUBLIC_URL });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let ipCounter = 0;
/** A fresh client address per test: the per-IP limit of one test does not reach the next. */
const freshIp = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const forgot = (email: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, ip = '10.78.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { token, password }, remoteAddress: ip });
const signIn = (username: string, password: string, ip = '10.79.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { username, password }, remoteAddress: ip });
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/getCurrentUserInfo', headers: bearer(token) });

const mailsTo = (email: string) =>
  ctx.database.db.select().from(mailMessages).where(sql`${email} = any(${mailMessages.to})`);
const LINK = /https:\/\/kantora\.example\/#\/reset-password\?token=([A-Za-z0-9_-]+)/;
/** The token of the newest reset mail to `email` (read from the outbox). */
async function tokenFor(email: string): Promise<string> {
  const mails = (await mailsTo(email)).sort((a, b) => a.created.localeCompare(b.created));
  const match = LINK.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no reset mail to ${email}`);
  return match[1];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

describe('forgotten password: the request', () => {
  it('mails an active account a single link in its language, stores only the hash of the token and logs it', async () => {
    const user = await ctx.createUser(2, { locale: 'it' });
    const response = await forgot(user.email.toUpperCase(), freshIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Type: 1, Message: null, Result: true });
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ kind: 'passwordReset', language: 'it', to: [user.email] });
    expect(mail.subject).toContain('Nuova password');
    expect(mail.text).toContain('60 minuti');
    const token = await tokenFor(user.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (Date.parse(rows[0].expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    const logged = await ctx.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.doc, user.id), eq(logs.action, 'passwordResetRequested')));
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain(token);
    // Delivered by the outbox through the SMTP server, the link in the text.
    const before = smtp.received.length;
    await ctx.app.mail.drain();
    await smtp.waitFor(before + 1);
    const delivered = smtp.received.find((one) => one.envelopeTo.includes(user.email));
    expect(delivered?.parsed.text).toContain(`${PUBLIC_URL}/#/reset-password?token=${token}`);
  });

  it('answers the same for an unknown address and an inactive account, and sends nothing', async () => {
    const known = await ctx.createUser(2);
    const inactive = await ctx.createUser(2, { status: 0 });
    const answers = [];
    for (const email of [known.email, 'nobody-here@test.local', inactive.email]) {
      const response = await forgot(email, freshIp());
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailsTo(known.email)).toHaveLength(1);
    expect(await mailsTo('nobody-here@test.local')).toHaveLength(0);
    expect(await mailsTo(inactive.email)).toHaveLength(0);
    const logged = await ctx.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.doc, inactive.id), eq(logs.action, 'passwordResetRequested')));
    expect(logged).toHaveLength(0);
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    // Medians of alternating requests, each from its own IP (no limit reached); "within noise" is taken generously:
    // a factor of 3 or 40 ms apart, whichever is looser (shared CI machines), where mailing only the known address
    // without the same work for the unknown one would differ by the whole mail's rendering and writes.
    const known = await ctx.createUser(2);
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 12; i += 1) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? known.email : `nobody-${i}@test.local`;
        const started = performance.now();
        const response = await forgot(email, freshIp());
        timings[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(200);
      }
    }
    const [a, b] = [median(timings.known), median(timings.unknown)];
    const ratio = Math.max(a, b) / Math.min(a, b);
    expect(ratio < 3 || Math.abs(a - b) < 40, `medians ${a.toFixed(1)} ms and ${b.toFixed(1)} ms`).toBe(true);
  });

  it('limits requests per address (3 an hour) with the same answer, sending no more mails', async () => {
    const user = await ctx.createUser(2);
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const response = await forgot(user.email, freshIp());
      expect(response.statusCode).toBe(200);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it('limits requests per IP (20 an hour) whatever the addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expect((await forgot(`someone-${i}@test.local`, ip)).statusCode).toBe(200);
    const user = await ctx.createUser(2);
    expect((await forgot(user.email, ip)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect((await forgot(user.email, freshIp())).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  raceIt('50 parallel requests for one address queue at most the limit of mails', async () => {
    const user = await ctx.createUser(2);
    const responses = await Promise.all(Array.from({ length: 50 }, () => forgot(user.email, freshIp())));
    expect(new Set(responses.map((r) => `${r.statusCode} ${r.body}`))).toEqual(
      new Set(['200 {"Type":1,"Message":null,"Result":true}']),
    );
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it('validates the address with the message keys', async () => {
    const response = await forgot('not-an-address', freshIp());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Type: 0, Errors: [{ field: 'email', message: 'email_valid' }] });
  });
});

describe('forgotten password: the new password', () => {
  it('sets the password once, ends every session of the user and logs it', async () => {
    const user = await ctx.createUser(2);
    const first = await ctx.signIn(user.email);
    const second = await ctx.signIn(user.email);
    const other = await ctx.createUser(2);
    const otherToken = await ctx.signIn(other.email);
    await forgot(user.email, freshIp());
    const token = await tokenFor(user.email);

    const response = await reset(token, 'brand-new-pass');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Type: 1, Message: null, Result: true });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(otherToken)).statusCode).toBe(200);
    const open = await ctx.database.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, user.id), sql`${userSessions.endedAt} is null`));
    expect(open).toHaveLength(0);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await signIn(user.email, 'brand-new-pass')).statusCode).toBe(200);

    // Single use: the same link again is refused, and the password stays.
    const again = await reset(token, 'another-pass-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ Type: 0, Message: 'reset_link_invalid' });
    expect((await signIn(user.email, 'brand-new-pass')).statusCode).toBe(200);

    const logged = await ctx.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.doc, user.id), eq(logs.action, 'passwordReset')));
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('brand-new-pass');
  });

  it('refuses an expired link, an unknown one and the older links once one was used, with one key', async () => {
    const user = await ctx.createUser(2);
    await forgot(user.email, freshIp());
    const expired = await tokenFor(user.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(passwordResets.userId, user.id));
    await forgot(user.email, freshIp());
    const older = await tokenFor(user.email);
    await forgot(user.email, freshIp());
    const newest = await tokenFor(user.email);
    for (const token of [expired, 'x'.repeat(43)]) {
      const response = await reset(token, 'brand-new-pass');
      expect([token.slice(0, 6), response.statusCode, response.json()]).toEqual([
        token.slice(0, 6),
        400,
        { Type: 0, Message: 'reset_link_invalid' },
      ]);
    }
    expect((await reset(newest, 'brand-new-pass')).statusCode).toBe(200);
    expect((await reset(older, 'other-new-pass')).json()).toEqual({ Type: 0, Message: 'reset_link_invalid' });
    expect((await signIn(user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('keeps the spec rule for the password (at least 6) and a token is required', async () => {
    const user = await ctx.createUser(2);
    await forgot(user.email, freshIp());
    const token = await tokenFor(user.email);
    const short = await reset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ Errors: [{ field: 'password', message: 'min_password' }] });
    const empty = await reset('', 'long-enough');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Errors: [{ field: 'token', message: 'reset_link_invalid' }] });
    // The refused attempts did not use the link up.
    expect((await reset(token, '123456')).statusCode).toBe(200);
  });
});
