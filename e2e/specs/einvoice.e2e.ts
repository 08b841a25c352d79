import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answered, apiToken, hashPath, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, expectFits, newPage, shot, useBrowser } from '../support/browser.ts';
import { type Client, createClient, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';
import { readZip } from '../support/zip.ts';

const browser = useBrowser();
const run = runMark();
/** This spec's Italian business client (an IT VAT number, its headquarters in Milan). */
const CLIENT = `Лучи ${run} С.р.л.`;
const ROW = { bg: `Консултация по ДДС ${run}`, it: `Consulenza IVA ${run}` };
const b = (key: string, values: Record<string, string> = {}) => t('bg', `billing:${key}`, values);
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/**
 * Where the server suite writes its e-invoices for the official validator (.ci/run checks every XML there after the
 * tests): what the browser downloads is checked by the same rules.
 */
const EINVOICE_OUT_DIR =
  process.env.EINVOICE_OUT_DIR ?? new URL('../../apps/server/test-output/einvoice/', import.meta.url).pathname;

const state = { client: null as Client | null, invoiceId: '', invoiceNumber: '' };

beforeAll(async () => {
  state.client = await createClient(CLIENT, { italian: true });
});

const bytesOf = async (download: Download) => readFileSync((await download.path()) as string);
/** The text of the first element `name` (a UBL tag with its prefix) in an XML document. */
const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`))?.[1];

describe('e-invoices', () => {
  it('a manager picks an Italian business on a new invoice: the editor proposes the reverse charge; issued, its e-invoice (XML) is category AE', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/invoices/create`);
    await button(page, t('bg', 'contracts:parties.choose_client')).click();
    const picker = page.getByRole('dialog', { name: t('bg', 'clients:picker.title') });
    await picker.getByRole('textbox', { name: t('bg', 'clients:fields.name') }).fill(CLIENT);
    await button(picker, `${t('bg', 'clients:picker.select')}: ${CLIENT}`).click();
    await picker.waitFor({ state: 'detached' });

    // The proposal: VAT not charged, the reverse-charge type chosen, a notice that says so.
    const notice = page.getByRole('status').filter({ hasText: CLIENT });
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain('IT');
    expect(await page.getByRole('switch', { name: b('fields.vat_charging') }).isChecked()).toBe(false);
    await shot(page, 'einvoice-reverse-charge-proposed-1280-bg', true);

    const saved = await answered(page, 'invoices/save', () => button(page, t('bg', 'actions.save')).click());
    expect(saved.Result.VATCharging).toBe(false);
    await waitForHash(page, (path) => /^\/invoices\/[0-9a-f-]{36}$/.test(path));
    state.invoiceId = hashPath(page).split('/').pop() as string;

    await button(page, b('items.add')).click();
    const dialog = page.getByRole('dialog', { name: b('items.new') });
    await dialog.getByRole('textbox', { name: `${b('items.name')} (${t('bg', 'language_names.bg')})` }).fill(ROW.bg);
    await dialog.getByRole('textbox', { name: `${b('items.name')} (${t('bg', 'language_names.it')})` }).fill(ROW.it);
    await dialog.getByRole('textbox', { name: b('items.price') }).fill('450');
    await answered(page, 'invoices/saveItem', () => button(dialog, t('bg', 'actions.save_and_close')).click());
    await dialog.waitFor({ state: 'detached' });

    // VAT is not charged: issuing asks the usual question only.
    await button(page, b('actions.issue')).click();
    const confirm = page.getByRole('dialog', { name: b('issue.title') });
    const issued = await answered(page, 'invoices/issue', () => button(confirm, b('actions.issue')).click());
    state.invoiceNumber = issued.Result.number;
    expect(state.invoiceNumber).toMatch(/^\d{10}$/);
    expect(issued.Result.VATAmount).toBe(0);
    await page
      .getByRole('heading', {
        level: 2,
        name: b('title_with_number', { name: b('notice_title.0'), number: state.invoiceNumber }),
      })
      .waitFor();

    await button(page, b('print.button')).click();
    const started = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: new RegExp(`^${b('einvoice.menu').replace(/[()]/g, '\\$&')}`) }).click();
    const download = await started;
    expect(download.suggestedFilename()).toMatch(new RegExp(`${state.invoiceNumber}.*\\.xml$`));
    const xml = (await bytesOf(download)).toString('utf8');
    expect(tag(xml, 'cbc:ID')).toBe(state.invoiceNumber);
    expect(tag(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(xml).toContain('<cbc:ID>AE</cbc:ID>');
    expect(xml).toContain('VATEX-EU-AE');
    expect(tag(xml, 'cbc:PayableAmount')).toBe('450.00');
    mkdirSync(EINVOICE_OUT_DIR, { recursive: true });
    writeFileSync(join(EINVOICE_OUT_DIR, 'e2e-reverse-charge.xml'), xml);
    await context.close();
  });

  it("the accountant downloads the month's package and its journal names the invoice", async () => {
    expect(state.invoiceNumber).not.toBe('');
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.accountant());
    await page.goto(`${baseUrl()}/#/invoices`);
    await button(page, b('month_package.button')).click();
    const dialog = page.getByRole('dialog', { name: b('month_package.title') });
    // The dialog opens on the previous month; the invoice is of this one.
    const month = dialog.locator('[role=spinbutton]').first();
    await month.click();
    await page.keyboard.press('ArrowUp');
    const started = page.waitForEvent('download');
    await button(dialog, b('month_package.download')).click();
    const download = await started;
    await dialog.getByRole('status').filter({ hasText: download.suggestedFilename() }).waitFor();
    await expectFits(page);
    await shot(page, 'einvoice-month-package-1280-bg');

    const entries = readZip(await bytesOf(download));
    const names = entries.map((entry) => entry.name);
    expect(names.some((name) => name.startsWith('pdf/') && name.includes(state.invoiceNumber))).toBe(true);
    expect(names.some((name) => name.startsWith('xml/') && name.includes(state.invoiceNumber))).toBe(true);
    const journalEntry = entries.find((entry) => /\.xlsx$/.test(entry.name));
    expect(journalEntry).toBeDefined();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(journalEntry?.data as never);
    const sheet = workbook.worksheets[0];
    const rows: string[] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).map((cell) => (cell == null ? '' : String(cell))).join('|'));
    });
    const ours = rows.find((row) => row.includes(state.invoiceNumber));
    expect(ours).toBeDefined();
    expect(ours).toContain(CLIENT);
    await context.close();
  });

  it("a client user downloads an invoice's e-invoice from the portal and cannot get another company's", async () => {
    expect(state.invoiceId).not.toBe('');
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.client());
    await page.goto(`${baseUrl()}/#/my-invoices`);
    const preview = page.getByRole('link', { name: new RegExp(`^${t('bg', 'actions.preview')}: `) }).first();
    await preview.waitFor();
    const number = ((await preview.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
    await preview.click();
    await page
      .getByRole('heading', {
        level: 2,
        name: t('bg', 'billing:title_with_number', { name: t('bg', 'billing:notice_title.0'), number }),
      })
      .waitFor();
    await button(page, t('bg', 'billing:print.button')).click();
    const started = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: new RegExp(`^${b('einvoice.menu').replace(/[()]/g, '\\$&')}`) }).click();
    const xml = (await bytesOf(await started)).toString('utf8');
    expect(tag(xml, 'cbc:ID')).toBe(number);

    // The manager's invoice to this spec's client is another company's: the portal does not know it.
    const token = await apiToken(ACCOUNTS.client());
    const other = await fetch(`${baseUrl()}/api/my-invoices/einvoice/${state.invoiceId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('<Invoice');
    await context.close();
  });
});
