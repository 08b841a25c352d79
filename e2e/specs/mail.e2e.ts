import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sofiaDay } from '@kantora/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answered, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, expectFits, newPage, shot, useBrowser } from '../support/browser.ts';
import { api, type Client, createClient, issuedInvoice, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';
import { type ReceivedMail, receivedMails, waitForMail } from '../support/mail.ts';

/**
 * Mail leaves Kantora: the run's SMTP server (support/mail.ts, started by the global setup) receives what the app's
 * outbox sends. A manager sends an issued invoice to its client's two notification e-mails; an employee invited to an
 * event gets the link of the invitation and accepts on the public page.
 */

type Locale = 'bg' | 'it';
const browser = useBrowser();
const run = runMark();
const CLIENT = `Пощенска ${run} ООД`;
const RECIPIENTS = [`billing-${run.toLowerCase()}@client.example`, `accounts-${run.toLowerCase()}@client.example`];
const ROW = { bg: `Абонаментно обслужване ${run}`, it: `Servizio in abbonamento ${run}` };
const EVENT_TITLE = `Планиране ${run}`;
const INVITEE_NAME = `Калина Пощенска ${run}`;
/** The 20th of next month (Europe/Sofia), dd.MM.yyyy: the invitation's day. */
const EVENT_DAY = (() => {
  const [year, month] = sofiaDay().split('-').map(Number);
  const next = new Date(Date.UTC(year, month, 20));
  return `20.${String(next.getUTCMonth() + 1).padStart(2, '0')}.${next.getUTCFullYear()}`;
})();
const INVITEE = { username: `e2e-mail-${run.toLowerCase()}@kantora.local`, password: 'invitee-pass-1' };

/** Where the server suite writes its e-invoices for the official validator (checked after the tests). */
const EINVOICE_OUT_DIR =
  process.env.EINVOICE_OUT_DIR ?? new URL('../../apps/server/test-output/einvoice/', import.meta.url).pathname;

const c = (key: string) => t('bg', `calendar:${key}`);
const m = (locale: Locale, key: string, values?: Record<string, string>) => t(locale, `mail:${key}`, values);
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The send dialog, whatever the document's title in it. */
const sendDialog = (page: Page, locale: Locale) =>
  page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(m(locale, 'send.title', { document: '' }))}`) });

/** Types `dd.MM.yyyy HH:mm` into a date-time picker of the event dialog: its sections take the digits in turn. */
async function typeDate(dialog: Locator, name: string, value: string) {
  const field = dialog.locator('.MuiPickersInputBase-root', { has: dialog.page().locator(`input[name="${name}"]`) });
  await field.locator('[role=spinbutton]').first().click();
  await dialog.page().keyboard.type(value.replace(/\D/g, ''));
  expect(await field.locator(`input[name="${name}"]`).inputValue()).toBe(value);
}

const state = { client: null as Client | null, invoiceId: '', invoiceNumber: '' };

beforeAll(async () => {
  state.client = await createClient(CLIENT, { notificationsEmails: RECIPIENTS });
  const invoice = await issuedInvoice(state.client, [{ name: ROW, price: 240, quantity: 1 }]);
  state.invoiceId = invoice._id;
  state.invoiceNumber = invoice.number;
});

/** The invoice's editor as the manager, in `locale`, at `width`. */
async function openInvoice(locale: Locale, width = 1280) {
  const opened = await newPage(browser, { width, height: width < 600 ? 860 : 800 });
  await signIn(opened.page, ACCOUNTS.manager(), locale);
  await opened.page.goto(`${baseUrl()}/#/invoices/${state.invoiceId}`);
  await button(opened.page, m(locale, 'send.button')).first().waitFor();
  return opened;
}

/** Opens the send dialog of the open invoice: its recipients are the client's notification e-mails. */
async function openSendDialog(page: Page, locale: Locale) {
  await button(page, m(locale, 'send.button')).first().click();
  const dialog = sendDialog(page, locale);
  await dialog.waitFor();
  for (const address of RECIPIENTS) await dialog.getByText(address, { exact: true }).waitFor();
  return dialog;
}

describe('an invoice by e-mail', () => {
  it('a manager sends an issued invoice to both notification e-mails: one message with the PDF and the XML', async () => {
    const { context, page } = await openInvoice('bg');
    const dialog = await openSendDialog(page, 'bg');
    await shot(page, 'mail-send-dialog-1280-bg');
    const sent = await answered(page, 'invoices/sendByMail', () => button(dialog, m('bg', 'send.send')).click());
    expect(sent.Result.to).toEqual(RECIPIENTS);
    await dialog.waitFor({ state: 'detached' });

    const mail = await waitForMail((one) => one.envelope.to.includes(RECIPIENTS[0]));
    expect([...mail.envelope.to].sort()).toEqual([...RECIPIENTS].sort());
    expect((await receivedMails()).filter((one) => one.envelope.to.includes(RECIPIENTS[1]))).toHaveLength(1);
    expect(mail.parsed.subject).toContain(state.invoiceNumber);
    const pdf = mail.parsed.attachments.find((one) => one.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xml = mail.parsed.attachments.find((one) => /xml/.test(one.contentType));
    expect(xml).toBeDefined();
    const text = xml!.content.toString('utf8');
    expect(text).toContain(state.invoiceNumber);
    mkdirSync(EINVOICE_OUT_DIR, { recursive: true });
    writeFileSync(join(EINVOICE_OUT_DIR, 'e2e-mail.xml'), text);

    // The editor's history shows it sent once the outbox has delivered it.
    await expect
      .poll(
        async () =>
          (await api<Array<{ state: string }>>('invoices/mails', { invoiceId: state.invoiceId }, ACCOUNTS.manager()))[0]
            ?.state,
        { timeout: 30_000 },
      )
      .toBe('sent');
    await page.reload();
    const history = page.getByRole('list', { name: m('bg', 'history.title') });
    await history.getByText(m('bg', 'state.sent'), { exact: true }).waitFor();
    expect(await history.getByText(RECIPIENTS.join(', ')).count()).toBe(1);
    await context.close();
  });

  for (const [locale, width] of [
    ['it', 1280],
    ['bg', 400],
    ['it', 400],
  ] as const) {
    it(`shows the send dialog at ${width} px (${locale})`, async () => {
      const { context, page } = await openInvoice(locale, width);
      await openSendDialog(page, locale);
      await expectFits(page);
      await shot(page, `mail-send-dialog-${width}-${locale}`);
      await context.close();
    });
  }

  for (const [locale, width] of [
    ['bg', 1280],
    ['it', 1280],
    ['bg', 400],
    ['it', 400],
  ] as const) {
    it(`shows the administrator the message in Outgoing mail at ${width} px (${locale})`, async () => {
      const { context, page } = await newPage(browser, { width, height: width < 600 ? 860 : 800 });
      await signIn(page, ACCOUNTS.admin(), locale);
      await page.goto(`${baseUrl()}/#/settings/outgoing-mail`);
      await waitForHash(page, (path) => path.startsWith('/settings/outgoing-mail'));
      const table = page.getByRole('table', { name: t(locale, 'routes:outgoing_mail') });
      const row = table.getByRole('row').filter({ hasText: RECIPIENTS[0] });
      await row.getByText(m(locale, 'state.sent'), { exact: true }).waitFor();
      expect(await row.count()).toBe(1);
      await page.getByText(m(locale, 'smtp.configured')).waitFor();
      await expectFits(page);
      await shot(page, `mail-outgoing-${width}-${locale}`);
      await context.close();
    });
  }
});

describe('an invitation by e-mail', () => {
  let inviteeId = '';
  beforeAll(async () => {
    const user = await api<{ _id: string }>('settings/users/save', {
      firstName: { bg: INVITEE_NAME.split(' ')[0], it: 'Kalina' },
      lastName: { bg: INVITEE_NAME.split(' ').slice(1).join(' '), it: `Postale ${run}` },
      email: INVITEE.username,
      password: INVITEE.password,
      type: 0,
      access: 2,
      status: 1,
    });
    inviteeId = user._id;
  });

  it('a manager invites an employee to an event: the employee receives the link and accepts on the public page', async () => {
    const manager = await newPage(browser);
    await signIn(manager.page, ACCOUNTS.manager());
    await manager.page.goto(`${baseUrl()}/#/calendar`);
    await manager.page.locator('.fc-view').waitFor();
    await manager.page.getByRole('button', { name: c('toolbar.add') }).click();
    const dialog = manager.page.getByRole('dialog', { name: c('dialog.new_event') });
    await typeDate(dialog, 'fromDate', `${EVENT_DAY} 10:00`);
    await typeDate(dialog, 'toDate', `${EVENT_DAY} 11:30`);
    await dialog.getByRole('combobox', { name: c('fields.category') }).click();
    await manager.page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: c('fields.title') }).fill(EVENT_TITLE);
    const invited = dialog.getByRole('combobox', { name: c('fields.invited') });
    await invited.click();
    await invited.fill(INVITEE_NAME.split(' ')[0]);
    await manager.page.getByRole('option', { name: INVITEE_NAME }).click();
    const saved = await answered(manager.page, 'events/save', () =>
      button(dialog, t('bg', 'actions.save_and_close')).click(),
    );
    expect(saved.Result.invited).toEqual([inviteeId]);
    await dialog.waitFor({ state: 'detached' });
    await manager.context.close();

    const mail: ReceivedMail = await waitForMail((one) => one.envelope.to.includes(INVITEE.username));
    expect(mail.parsed.subject).toContain(EVENT_TITLE);
    expect(mail.parsed.text).toContain(`${EVENT_DAY} 10:00`);
    expect(mail.parsed.text).toContain(`${EVENT_DAY} 11:30`);
    const link = new RegExp(`${escapeRegExp(baseUrl())}/#/events/invitation/[0-9a-f-]{36}`).exec(
      mail.parsed.text ?? '',
    )?.[0];
    expect(link, mail.parsed.text).toBeDefined();

    // A fresh browser context: nobody is signed in.
    const { context, page } = await newPage(browser);
    await page.goto(link!);
    await page.getByRole('heading', { name: c('invitation.page_title') }).waitFor();
    await page.getByText(EVENT_TITLE).waitFor();
    await page.getByRole('button', { name: c('invitation.accept') }).click();
    const confirm = page.getByRole('dialog', { name: t('bg', 'messages:accept_event_invitation_title') });
    await answered(page, 'events/invitation/accept', () =>
      confirm.getByRole('button', { name: c('invitation.accept') }).click(),
    );
    await page.getByText(c('invitation.thanks')).waitFor();
    await context.close();

    const answers = await api<Array<{ user: string; status: boolean | null }>>(
      `events/${saved.Result._id}/invitations`,
      undefined,
      ACCOUNTS.manager(),
    );
    expect(answers.find((one) => one.user === inviteeId)?.status).toBe(true);
  });
});
