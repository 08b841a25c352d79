import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { addDaysToDate, sofiaDay } from '@kantora/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answered, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, ARTIFACTS, baseUrl, expectFits, newPage, shot, useBrowser } from '../support/browser.ts';
import { api, type Client, createClient, dictionaryEntry, issuedInvoice, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';
import { waitForMail } from '../support/mail.ts';

/**
 * Receivables: what clients owe, seen by the accountant on the receivables page and its overdue list; a client's
 * statement of account downloaded by a manager; the reminder run delivering to the run's SMTP server; the client
 * user's balance in the portal. The spec makes its own client with two overdue invoices (one in 31–60 days, one in
 * 1–30) through the API.
 */

type Locale = 'bg' | 'it';
const browser = useBrowser();
const run = runMark();
const CLIENT = `Длъжник ${run} ООД`;
const NOTIFY = `accounts-${run.toLowerCase()}@debtor.example`;
const TODAY = sofiaDay();
/** A portal user of this spec's client alone. */
const PORTAL_USER = { username: `e2e-debtor-${run.toLowerCase()}@kantora.local`, password: 'debtor-pass-1' };
const r = (locale: Locale, key: string, values?: Record<string, string>) => t(locale, `receivables:${key}`, values);
const rem = (locale: Locale, key: string, values?: Record<string, string>) => t(locale, `reminders:${key}`, values);

const state = {
  client: null as Client | null,
  old: { _id: '', number: '' },
  recent: { _id: '', number: '' },
  /** What the client owes in all, as the pages print it (Bulgarian: 456,00). */
  owed: '',
};

beforeAll(async () => {
  const portalUser = await api<{ _id: string }>('settings/users/save', {
    firstName: { bg: 'Дебора', it: 'Debora' },
    lastName: { bg: `Длъжникова ${run}`, it: `Debitori ${run}` },
    email: PORTAL_USER.username,
    password: PORTAL_USER.password,
    type: 1,
    access: 4,
    status: 1,
  });
  state.client = await createClient(CLIENT, { notificationsEmails: [NOTIFY], clientUsers: [portalUser._id] });
  // In euro whatever the invoice defaults are (another spec may change them).
  const currency = (await dictionaryEntry('getCurrencies', 'EUR'))._id;
  // Due 45 days ago (the 31–60 bucket) and 10 days ago (1–30).
  const old = await issuedInvoice(
    state.client,
    [{ name: { bg: `Одит ${run}`, it: `Revisione ${run}` }, price: 300, quantity: 1 }],
    {
      date: addDaysToDate(TODAY, -60),
      paymentDeadlineDate: addDaysToDate(TODAY, -45),
      currency,
    },
  );
  const recent = await issuedInvoice(
    state.client,
    [{ name: { bg: `Счетоводство ${run}`, it: `Contabilità ${run}` }, price: 80, quantity: 1 }],
    { date: addDaysToDate(TODAY, -20), paymentDeadlineDate: addDaysToDate(TODAY, -10), currency },
  );
  state.old = { _id: old._id, number: old.number };
  state.recent = { _id: recent._id, number: recent.number };
  state.owed = (old.totalAmount + recent.totalAmount).toFixed(2).replace('.', ',');
});

afterAll(async () => {
  // The daily run stays off for the specs after this one.
  await api('settings/reminders/save', { enabled: false, stageDays: [7, 21, 45] });
});

async function openReceivables(locale: Locale, width = 1280): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { width, height: width < 600 ? 860 : 900 });
  await signIn(page, ACCOUNTS.accountant(), locale);
  await page.goto(`${baseUrl()}/#/receivables`);
  await page.getByRole('table', { name: r(locale, 'aging.table', { currency: 'EUR' }) }).waitFor();
  return { page, close: () => context.close() };
}

describe('the receivables page', () => {
  it('the accountant clicks the 31–60 days bucket and sees its invoices, ours among them and not the 1–30 one', async () => {
    const { page, close } = await openReceivables('bg');
    const aging = page.getByRole('table', { name: r('bg', 'aging.table', { currency: 'EUR' }) });
    await aging.getByRole('link', { name: r('bg', 'aging.open', { bucket: r('bg', 'bucket.d31_60') }) }).click();
    await waitForHash(page, (path) => path.startsWith('/receivables/overdue') && path.includes('bucket=d31_60'));
    const table = page.getByRole('table', { name: r('bg', 'overdue.table') });
    await table.getByText(state.old.number, { exact: true }).waitFor();
    expect(await table.getByText(state.recent.number, { exact: true }).count()).toBe(0);
    // Its row says what is due and that no reminder went out yet.
    const row = table.getByRole('row').filter({ hasText: state.old.number });
    await row.getByText(r('bg', 'overdue.no_reminder'), { exact: true }).waitFor();
    await shot(page, 'receivables-overdue-1280-bg');
    await close();
  });

  for (const [locale, width] of [
    ['bg', 1280],
    ['it', 1280],
    ['bg', 400],
    ['it', 400],
  ] as const) {
    it(`shows the summary and the overdue list at ${width} px (${locale})`, async () => {
      const { page, close } = await openReceivables(locale, width);
      await page.getByRole('table', { name: r(locale, 'months.table', { currency: 'EUR' }) }).waitFor();
      await expectFits(page);
      await shot(page, `receivables-summary-${width}-${locale}`, true);
      await page.goto(`${baseUrl()}/#/receivables/overdue?clientId=${state.client?._id}`);
      const table = page.getByRole('table', { name: r(locale, 'overdue.table') });
      // Phones show the client, the deadline and the amount; the row's button names the invoice everywhere.
      await table
        .getByRole('link', { name: r(locale, 'overdue.open', { number: state.recent.number, client: CLIENT }) })
        .waitFor();
      await expectFits(page);
      await shot(page, `receivables-overdue-${width}-${locale}`, true);
      await close();
    });
  }
});

describe('a statement of account', () => {
  it('a manager downloads the client statement from the client page: the two invoices and the running balance', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/clients/${state.client?._id}`);
    await page.getByRole('tab', { name: t('bg', 'clients:tabs.statement'), exact: true }).click();
    const button = page.getByRole('button', { name: rem('bg', 'statement.download'), exact: true });
    await button.waitFor();
    const started = page.waitForEvent('download');
    await button.click();
    const download = await started;
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = `${ARTIFACTS}/receivables-statement-bg.pdf`;
    await writeFile(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8');
    expect(text).toContain(state.old.number);
    expect(text).toContain(state.recent.number);
    // The closing balance: both invoices, nothing paid.
    expect(text.replace(/\s/g, '')).toContain(state.owed);
    await shot(page, 'receivables-statement-tab-bg');
    await context.close();
  });
});

describe('reminders', () => {
  it('the administrator runs the reminders: the client receives the 31–60 invoice reminder with the invoice PDF', async () => {
    await api('settings/reminders/save', { enabled: true, stageDays: [7, 21, 45] });
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.admin());
    await page.goto(`${baseUrl()}/#/settings/reminders`);
    await page.getByRole('button', { name: rem('bg', 'run.button'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: rem('bg', 'run.confirm_title') });
    const ran = await answered(page, 'receivables/reminders/run', () =>
      confirm.getByRole('button', { name: rem('bg', 'run.button'), exact: true }).click(),
    );
    expect(ran.Result.queued).toBeGreaterThanOrEqual(2);
    await shot(page, 'reminders-settings-bg');
    await context.close();

    // 45 days overdue reached the third stage; 10 days the first. One message each.
    const mail = await waitForMail(
      (one) => one.envelope.to.includes(NOTIFY) && one.parsed.subject?.includes(state.old.number) === true,
    );
    const pdf = mail.parsed.attachments.find((one) => one.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await waitForMail(
      (one) => one.envelope.to.includes(NOTIFY) && one.parsed.subject?.includes(state.recent.number) === true,
    );

    // The overdue list now shows the last reminder.
    const { reminders } = await api<{ reminders: Array<{ stage: number }> }>(
      `receivables/reminders/of/${state.old._id}`,
    );
    expect(reminders.map((one) => one.stage)).toEqual([3]);
  });
});

describe('the portal', () => {
  it('the client user sees what their company owes and what is overdue', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, PORTAL_USER);
    await page.goto(`${baseUrl()}/#/my-companies/${state.client?._id}`);
    const balance = page.getByRole('table', { name: rem('bg', 'balance.title') });
    const row = balance.getByRole('row').filter({ hasText: 'EUR' });
    await row.waitFor();
    expect(((await row.textContent()) ?? '').replace(/\s/g, '')).toContain(state.owed);
    await shot(page, 'portal-balance-bg');
    await context.close();
  });
});
