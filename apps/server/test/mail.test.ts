import { Access } from '@kantora/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logs, mailMessages } from '../src/db/schema/index.ts';
import { MailSender, mailsOf, type OutgoingMail, queueMail } from '../src/modules/mail/index.ts';
import { bearer, call, createTestContext, type TestContext } from './helpers.ts';
import { actorOf, pdfBytes, startSmtpServer, type TestSmtpServer } from './mail-fixtures.ts';

const entityId = '00000000-0000-4000-8000-000000000001';

function outgoing(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: ['client@example.test'],
    subject: 'Фактура 0000000001',
    text: 'Здравейте,\nприлагаме фактурата.',
    html: '<p>Здравейте,<br>прилагаме фактурата.</p>',
    language: 'bg',
    kind: 'document',
    entity: { model: 'Invoice', id: entityId },
    attachments: [],
    ...overrides,
  };
}

async function queue(ctx: TestContext, mail: OutgoingMail) {
  return ctx.database.db.transaction((tx) => queueMail(tx, actorOf(ctx.users.admin), mail));
}

async function logRows(ctx: TestContext, doc: string) {
  return ctx.database.db
    .select()
    .from(logs)
    .where(and(eq(logs.name, 'Mail'), eq(logs.doc, doc)))
    .orderBy(desc(logs.created));
}

describe('outbox with an SMTP server', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kantora Test <office@kantora.test>',
      MAIL_RETRY_BASE_MS: '0',
      MAIL_MAX_ATTEMPTS: '4',
      MAIL_POLL_MS: '600000',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.attemptIds.length = 0;
    smtp.answers = [];
    smtp.delayMs = 0;
  });

  it('delivers a message with its attachment byte for byte, to every recipient, and records it as sent', async () => {
    const pdf = pdfBytes();
    const xml = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Invoice>Ω</Invoice>');
    const queued = await queue(
      ctx,
      outgoing({
        to: ['first@example.test', 'second@example.test'],
        attachments: [
          { filename: 'Фактура 0000000001.pdf', contentType: 'application/pdf', content: pdf },
          { filename: 'invoice.xml', contentType: 'application/xml', content: xml },
        ],
      }),
    );
    expect(queued.state).toBe('queued');
    expect(queued.attachments.map((one) => one.size)).toEqual([pdf.length, xml.length]);
    await ctx.app.mail.drain();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.envelopeTo.sort()).toEqual(['first@example.test', 'second@example.test']);
    expect(mail.parsed.subject).toBe('Фактура 0000000001');
    expect(mail.parsed.from?.text).toContain('office@kantora.test');
    expect(mail.parsed.text?.trim()).toBe('Здравейте,\nприлагаме фактурата.');
    expect(mail.parsed.html).toContain('прилагаме фактурата');
    expect(mail.parsed.attachments.map((one) => one.filename)).toEqual(['Фактура 0000000001.pdf', 'invoice.xml']);
    expect(mail.parsed.attachments[0].contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.parsed.attachments[0].content, pdf)).toBe(0);
    expect(Buffer.compare(mail.parsed.attachments[1].content, xml)).toBe(0);

    const detail = await call(ctx, 'GET', `/api/settings/mail/${queued._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.Result).toMatchObject({
      state: 'sent',
      attempts: 1,
      lastError: null,
      smtpMessageId: 'Q1',
      text: 'Здравейте,\nприлагаме фактурата.',
      entity: { model: 'Invoice', id: entityId },
    });
    expect(detail.body.Result.sentAt).toEqual(expect.any(String));
    expect(mail.parsed.messageId).toBe(detail.body.Result.messageId);

    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings/mail/${queued._id}/attachments/${queued.attachments[0]._id}`,
      headers: bearer(ctx.users.admin.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);

    expect((await mailsOf(ctx.database.db, { model: 'Invoice', id: entityId })).map((one) => one._id)).toContain(
      queued._id,
    );
    const actions = (await logRows(ctx, queued._id)).map((row) => row.action).sort();
    expect(actions).toEqual(['queue', 'send']);

    const list = await call(ctx, 'POST', '/api/settings/mail/list', { state: 'sent' });
    expect(list.status).toBe(200);
    expect(list.body.Result.Items.map((one: { _id: string }) => one._id)).toContain(queued._id);
    expect(list.body.Result.Smtp).toMatchObject({ configured: true, lastSuccessAt: expect.any(String) });
  });

  it('retries a temporary refusal: a server answering 451 twice gets the message on the third try, same Message-ID', async () => {
    smtp.answers = [451, 451];
    const queued = await queue(ctx, outgoing({ subject: 'Greylisted' }));
    await ctx.app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attemptIds).toHaveLength(3);
    expect(new Set(smtp.attemptIds).size).toBe(1);
    const detail = await call(ctx, 'GET', `/api/settings/mail/${queued._id}`);
    expect(detail.body.Result).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('fails a permanent refusal (550) at once with the reason shown, and a retry sends it', async () => {
    smtp.answers = [550];
    const queued = await queue(ctx, outgoing({ subject: 'Refused' }));
    await ctx.app.mail.drain();
    expect(smtp.received).toHaveLength(0);
    expect(smtp.attemptIds).toHaveLength(1);
    const failed = await call(ctx, 'GET', `/api/settings/mail/${queued._id}`);
    expect(failed.body.Result).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.body.Result.lastError).toMatch(/550.*Mailbox unavailable/);
    const list = await call(ctx, 'POST', '/api/settings/mail/list', { state: 'failed' });
    expect(list.body.Result.Items.map((one: { _id: string }) => one._id)).toEqual([queued._id]);
    expect(list.body.Result.Smtp.lastError).toMatch(/550/);
    expect((await logRows(ctx, queued._id)).map((row) => row.action)).toContain('sendFailed');

    const retried = await call(ctx, 'POST', '/api/settings/mail/retry', { mailId: queued._id });
    expect(retried.status).toBe(200);
    expect(retried.body.Result).toMatchObject({ state: 'queued', attempts: 0 });
    await ctx.app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    expect((await call(ctx, 'GET', `/api/settings/mail/${queued._id}`)).body.Result.state).toBe('sent');
    const retryLog = (await logRows(ctx, queued._id)).find((row) => row.action === 'retry');
    expect(retryLog?.createdBy).toBe(ctx.users.admin.id);

    const again = await call(ctx, 'POST', '/api/settings/mail/retry', { mailId: queued._id });
    expect([again.status, again.body.Message]).toEqual([409, 'mail_not_retryable']);
  });

  it('fails a message after the last allowed temporary refusal', async () => {
    smtp.answers = [421, 451, 452, 450];
    const queued = await queue(ctx, outgoing({ subject: 'Never accepted' }));
    await ctx.app.mail.drain();
    const detail = await call(ctx, 'GET', `/api/settings/mail/${queued._id}`);
    expect(detail.body.Result).toMatchObject({ state: 'failed', attempts: 4 });
    expect(detail.body.Result.lastError).toMatch(/450/);
  });

  it('gives back the claimed messages it has not attempted when stopped mid-batch (claimable at once, attempt uncounted)', async () => {
    const stopping = new MailSender(ctx.database.db, {
      smtpUrl: smtp.url,
      from: 'Kantora Test <office@kantora.test>',
      retryBaseMs: 0,
      maxAttempts: 4,
      leaseSeconds: 300,
      pollMs: 600_000,
    });
    stopping.start({ background: false }); // queueMail now wakes this sender, which sends only when drained
    const queued = [];
    for (let i = 0; i < 5; i += 1) queued.push(await queue(ctx, outgoing({ subject: `Stop ${i}` })));
    smtp.delayMs = 200;
    const draining = stopping.drain();
    await smtp.waitFor(1);
    await stopping.stop();
    await draining;
    smtp.delayMs = 0;
    const rows = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(
        inArray(
          mailMessages.id,
          queued.map((one) => one._id),
        ),
      );
    const sent = rows.filter((row) => row.state === 'sent');
    const left = rows.filter((row) => row.state === 'queued');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length + left.length).toBe(5);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((row) => row.leaseUntil === null && row.attempts === 0)).toBe(true);
    await ctx.app.mail.drain();
    expect(smtp.received).toHaveLength(5);
  });

  it('never lets a subject with CR/LF add a header or a recipient', async () => {
    const queued = await queue(
      ctx,
      outgoing({
        subject: 'Invoice 1\r\nBcc: thief@evil.test\r\nX-Injected: yes\nContent-Type: text/html',
      }),
    );
    expect(queued.subject).not.toMatch(/[\r\n]/);
    await ctx.app.mail.drain();
    const [mail] = smtp.received;
    expect(mail).toBeDefined();
    expect(mail.envelopeTo.join(',')).not.toContain('evil.test');
    expect(mail.parsed.headers.has('x-injected')).toBe(false);
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
    const headerBlock = mail.raw.toString('latin1').split('\r\n\r\n')[0];
    expect(headerBlock).not.toMatch(/^(bcc|x-injected):/im);
  });

  it('refuses a recipient that is not one plain address (no second address, no header after a line break)', async () => {
    for (const to of [['client@example.test\r\nBcc: thief@evil.test'], ['a@example.test, thief@evil.test'], []]) {
      await expect(queue(ctx, outgoing({ to }))).rejects.toMatchObject({ status: 400, key: 'email_valid' });
    }
  });

  it('sends the messages held while no mail server was configured when the administrator asks, each once', async () => {
    // As a database written by a process without SMTP_URL leaves them: held in the queueing transaction itself, so this
    // process's sender never sees them queued.
    const kept = await ctx.database.db.transaction(async (tx) => {
      const made = [
        await queueMail(tx, actorOf(ctx.users.admin), outgoing({ to: ['held-1@example.test'] })),
        await queueMail(tx, actorOf(ctx.users.admin), outgoing({ to: ['held-2@example.test'] })),
      ];
      await tx
        .update(mailMessages)
        .set({ state: 'held' })
        .where(
          inArray(
            mailMessages.id,
            made.map((one) => one._id),
          ),
        );
      return made;
    });
    const listed = await call(ctx, 'POST', '/api/settings/mail/list', {});
    expect(listed.body.Result.Smtp).toMatchObject({ configured: true, held: 2 });
    const employee = await call(ctx, 'POST', '/api/settings/mail/retryHeld', {}, ctx.users.employee.token);
    expect(employee.status).toBe(403);

    const [first, second] = await Promise.all([
      call(ctx, 'POST', '/api/settings/mail/retryHeld', {}),
      call(ctx, 'POST', '/api/settings/mail/retryHeld', {}),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.Result.count + second.body.Result.count).toBe(2);
    await ctx.app.mail.drain();
    expect(smtp.received.flatMap((mail) => mail.envelopeTo).sort()).toEqual([
      'held-1@example.test',
      'held-2@example.test',
    ]);
    for (const one of kept) {
      const [row] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, one._id));
      expect(row.state).toBe('sent');
      expect((await logRows(ctx, one._id)).map((log) => log.action)).toEqual(['send', 'retry', 'queue']);
    }
    const after = await call(ctx, 'POST', '/api/settings/mail/list', {});
    expect(after.body.Result.Smtp.held).toBe(0);
  });

  it('filters the list by recipient, entity and dates, newest first', async () => {
    const a = await queue(
      ctx,
      outgoing({ to: ['alpha@filter.test'], entity: { model: 'ProformaInvoice', id: entityId } }),
    );
    const b = await queue(ctx, outgoing({ to: ['beta@filter.test'], entity: null }));
    await ctx.app.mail.drain();
    const byRecipient = await call(ctx, 'POST', '/api/settings/mail/list', { recipient: 'ALPHA@filter' });
    expect(byRecipient.body.Result.Items.map((one: { _id: string }) => one._id)).toEqual([a._id]);
    const byEntity = await call(ctx, 'POST', '/api/settings/mail/list', { entityModel: 'ProformaInvoice', entityId });
    expect(byEntity.body.Result.Items.map((one: { _id: string }) => one._id)).toEqual([a._id]);
    const all = await call(ctx, 'POST', '/api/settings/mail/list', { recipient: 'filter.test' });
    expect(all.body.Result.Items.map((one: { _id: string }) => one._id)).toEqual([b._id, a._id]);
    expect(all.body.Result.Total).toBe(2);
    const past = await call(ctx, 'POST', '/api/settings/mail/list', { fromDate: '2000-01-01', toDate: '2000-01-02' });
    expect(past.body.Result).toMatchObject({ Items: [], Total: 0 });
    const bad = await call(ctx, 'POST', '/api/settings/mail/list', { state: 'lost' });
    expect(bad.status).toBe(400);
    const badOrder = await call(ctx, 'POST', '/api/settings/mail/list', {
      fromDate: '2026-02-02',
      toDate: '2026-01-01',
    });
    expect(badOrder.status).toBe(400);
  });

  it('lets only the administrator read, download and retry', async () => {
    const queued = await queue(
      ctx,
      outgoing({ attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: pdfBytes(100) }] }),
    );
    for (const role of ['manager', 'employee', 'accountant', 'client'] as const) {
      const token = ctx.users[role].token;
      expect((await call(ctx, 'POST', '/api/settings/mail/list', {}, token)).status).toBe(403);
      expect((await call(ctx, 'GET', `/api/settings/mail/${queued._id}`, undefined, token)).status).toBe(403);
      expect((await call(ctx, 'POST', '/api/settings/mail/retry', { mailId: queued._id }, token)).status).toBe(403);
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/settings/mail/${queued._id}/attachments/${queued.attachments[0]._id}`,
        headers: bearer(token),
      });
      expect(download.statusCode).toBe(403);
    }
    expect(Access.admin).toBe(ctx.users.admin.access);
    const missing = await call(ctx, 'GET', '/api/settings/mail/00000000-0000-4000-8000-00000000ffff');
    expect([missing.status, missing.body.Message]).toEqual([404, 'the_mail_was_not_found']);
    const badId = await call(ctx, 'POST', '/api/settings/mail/retry', { mailId: 'nope' });
    expect(badId.status).toBe(400);
    await ctx.app.mail.drain();
  });
});

describe('outbox without SMTP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('holds messages, shows them to the administrator, and refuses a retry until SMTP is configured', async () => {
    const pdf = pdfBytes(2048, 7);
    const queued = await queue(
      ctx,
      outgoing({ attachments: [{ filename: 'f.pdf', contentType: 'application/pdf', content: pdf }] }),
    );
    expect(queued.state).toBe('held');
    await ctx.app.mail.drain();
    const detail = await call(ctx, 'GET', `/api/settings/mail/${queued._id}`);
    expect(detail.body.Result).toMatchObject({ state: 'held', attempts: 0, html: expect.stringContaining('<p>') });
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings/mail/${queued._id}/attachments/${queued.attachments[0]._id}`,
      headers: bearer(ctx.users.admin.token),
    });
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    const list = await call(ctx, 'POST', '/api/settings/mail/list', { state: 'held' });
    expect(list.body.Result.Items.map((one: { _id: string }) => one._id)).toEqual([queued._id]);
    expect(list.body.Result.Smtp).toEqual({
      configured: false,
      held: 1,
      lastSuccessAt: null,
      lastErrorAt: null,
      lastError: null,
    });
    const retry = await call(ctx, 'POST', '/api/settings/mail/retry', { mailId: queued._id });
    expect([retry.status, retry.body.Message]).toEqual([409, 'mail_smtp_not_configured']);
    const all = await call(ctx, 'POST', '/api/settings/mail/retryHeld', {});
    expect([all.status, all.body.Message]).toEqual([409, 'mail_smtp_not_configured']);
    const [row] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, queued._id));
    expect(row.state).toBe('held');
    expect((await logRows(ctx, queued._id)).map((one) => one.action)).toEqual(['queue']);
  });
});

describe('outbox back-off', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '60000', MAIL_POLL_MS: '600000' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('puts a temporarily refused message back in the queue for later, with the reason kept', async () => {
    smtp.answers = [451];
    const queued = await queue(ctx, outgoing({ subject: 'Later' }));
    await ctx.app.mail.drain();
    expect([smtp.attemptIds.length, smtp.received.length]).toEqual([1, 0]);
    const detail = await call(ctx, 'GET', `/api/settings/mail/${queued._id}`);
    expect(detail.body.Result).toMatchObject({ state: 'queued', attempts: 1 });
    expect(detail.body.Result.lastError).toMatch(/451/);
    const wait = Date.parse(detail.body.Result.nextAttemptAt) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    const retry = await call(ctx, 'POST', '/api/settings/mail/retry', { mailId: queued._id });
    expect([retry.status, retry.body.Message]).toEqual([409, 'mail_not_retryable']);
  });
});
