import { Access } from '@kantora/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventInvitations, mailMessages } from '../src/db/schema/index.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './mail-fixtures.ts';

/**
 * Calendar invitations by e-mail: saving an event mails each new invitee the event and the public link of their
 * invitation (through the outbox, in the event's transaction); a changed time mails every invitee again; other edits
 * and removed invitees mail nobody. Delivered to a real SMTP server in this process.
 */

const PUBLIC_URL = 'https://kantora.example.com';

async function categoryOf(ctx: TestContext) {
  const saved = await call(ctx, 'POST', '/api/settings/event-categories/save', {
    name: { bg: 'Среща', it: 'Riunione' },
    color: '#1565C0',
  });
  return saved.body.Result._id as string;
}

async function saveEvent(ctx: TestContext, body: object) {
  const response = await call(ctx, 'POST', '/api/events/save', body, ctx.users.manager.token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.Result as { _id: string; invited: string[] };
}

/** The outbox rows of an event's messages, oldest first. */
const outboxOf = (ctx: TestContext, eventId: string) =>
  ctx.database.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.entityModel, 'Event'), eq(mailMessages.entityId, eventId)))
    .orderBy(asc(mailMessages.created), asc(mailMessages.id));

const invitationIdOf = async (ctx: TestContext, eventId: string, userId: string) =>
  (
    await ctx.database.db
      .select({ id: eventInvitations.id })
      .from(eventInvitations)
      .where(and(eq(eventInvitations.eventId, eventId), eq(eventInvitations.userId, userId)))
  )[0].id;

describe('invitations without SMTP_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL });
  });
  afterAll(() => ctx.close());

  it('holds the message (nothing is lost): the administrator reads it in the outbox', async () => {
    const invitee = await ctx.createUser(Access.employee);
    const event = await saveEvent(ctx, {
      category: await categoryOf(ctx),
      title: 'Годишна среща',
      comment: '',
      fromDate: '2031-05-06T07:00:00.000Z',
      toDate: '2031-05-06T08:30:00.000Z',
      invited: [invitee.id],
    });
    const rows = await outboxOf(ctx, event._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'held', to: [invitee.email], kind: 'invitation', language: 'bg' });
    const link = `${PUBLIC_URL}/#/events/invitation/${await invitationIdOf(ctx, event._id, invitee.id)}`;
    expect(rows[0].text).toContain(link);
    const listed = await call(ctx, 'POST', '/api/settings/mail/list', {
      state: 'held',
      entityModel: 'Event',
      entityId: event._id,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.Result.Items.map((one: { _id: string }) => one._id)).toEqual([rows[0].id]);
  });
});

describe('invitations delivered by SMTP', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let category: string;
  let bg: { id: string; email: string };
  let it2: { id: string; email: string };
  let third: { id: string; email: string };
  let eventId: string;
  const base = () => ({
    _id: eventId,
    category,
    title: 'Преглед на проекта',
    comment: 'Зала 2',
    fromDate: '2031-04-10T07:00:00.000Z',
    toDate: '2031-04-10T08:30:00.000Z',
    invited: [bg.id, it2.id],
  });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'Kantora <no-reply@kantora.test>', PUBLIC_URL });
    category = await categoryOf(ctx);
    bg = await ctx.createUser(Access.employee);
    it2 = await ctx.createUser(Access.employee, { locale: 'it' });
    third = await ctx.createUser(Access.accountant);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  /** The messages received after the first `from`, once there are `count` of them. */
  async function arrived(from: number, count: number) {
    await smtp.waitFor(from + count);
    return smtp.received.slice(from);
  }

  it('mails both invitees of a new event, each the link of their own invitation, in their language', async () => {
    const event = await saveEvent(ctx, { ...base(), _id: undefined });
    eventId = event._id;
    const mails = await arrived(0, 2);
    expect(mails.map((mail) => mail.envelopeTo).sort()).toEqual([[bg.email], [it2.email]].sort());
    for (const user of [bg, it2]) {
      const mail = mails.find((one) => one.envelopeTo[0] === user.email)!;
      const link = `${PUBLIC_URL}/#/events/invitation/${await invitationIdOf(ctx, eventId, user.id)}`;
      expect(mail.parsed.text).toContain(link);
      expect(mail.parsed.html).toContain(`href="${link}"`);
      expect(mail.parsed.subject).toContain('Преглед на проекта');
      // 07:00Z is 10:00 in Sofia (summer time).
      expect(mail.parsed.text).toContain('10.04.2031 10:00');
      expect(mail.parsed.text).toContain('10.04.2031 11:30');
    }
    expect(mails.find((one) => one.envelopeTo[0] === bg.email)!.parsed.subject).toMatch(/^Покана/);
    expect(mails.find((one) => one.envelopeTo[0] === it2.email)!.parsed.subject).toMatch(/^Invito/);
    const rows = await outboxOf(ctx, eventId);
    expect(rows.map((row) => row.kind)).toEqual(['invitation', 'invitation']);
  });

  it('opens the public invitation page through the mailed link', async () => {
    const mail = smtp.received.find((one) => one.envelopeTo[0] === bg.email)!;
    const id = /#\/events\/invitation\/([0-9a-f-]{36})/.exec(mail.parsed.text ?? '')![1];
    const preview = await ctx.app.inject({ method: 'GET', url: `/api/events/invitation/preview/${id}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().Result.event.title).toBe('Преглед на проекта');
  });

  it('mails only the invitee an edit adds', async () => {
    const before = smtp.received.length;
    await saveEvent(ctx, { ...base(), invited: [bg.id, it2.id, third.id] });
    const mails = await arrived(before, 1);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[third.email]]);
    expect((await outboxOf(ctx, eventId)).length).toBe(3);
  });

  it('mails every invitee again when the time changes', async () => {
    const before = smtp.received.length;
    await saveEvent(ctx, {
      ...base(),
      invited: [bg.id, it2.id, third.id],
      fromDate: '2031-04-11T07:00:00.000Z',
      toDate: '2031-04-11T08:00:00.000Z',
    });
    const mails = await arrived(before, 3);
    expect(mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual([bg.email, it2.email, third.email].sort());
    for (const mail of mails) expect(mail.parsed.text).toContain('11.04.2031 10:00');
    expect((await outboxOf(ctx, eventId)).length).toBe(6);
  });

  it('mails nobody for a title change or a removed invitee', async () => {
    const moved = { fromDate: '2031-04-11T07:00:00.000Z', toDate: '2031-04-11T08:00:00.000Z' };
    await saveEvent(ctx, { ...base(), ...moved, title: 'Нов преглед', invited: [bg.id, it2.id, third.id] });
    await saveEvent(ctx, { ...base(), ...moved, title: 'Нов преглед', invited: [bg.id, it2.id] });
    // Queued in the save's transaction: nothing queued is nothing sent.
    expect((await outboxOf(ctx, eventId)).length).toBe(6);
  });

  it('mails all invitees of an all-day event its days', async () => {
    const before = smtp.received.length;
    await saveEvent(ctx, {
      category,
      title: 'Конференция',
      allDay: true,
      fromDate: '2031-06-01',
      toDate: '2031-06-02',
      invited: [bg.id],
    });
    const [mail] = await arrived(before, 1);
    expect(mail.envelopeTo).toEqual([bg.email]);
    expect(mail.parsed.text).toContain('01.06.2031');
    expect(mail.parsed.text).toContain('02.06.2031');
    expect(smtp.received).toHaveLength(before + 1);
  });
});
