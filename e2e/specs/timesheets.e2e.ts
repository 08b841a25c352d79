import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { sofiaDay as sofiaDayOf } from '@kantora/domain';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, signIn } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, newPage, shot, useBrowser } from '../support/browser.ts';
import { createClient, monthStart, registeredContract, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();

const run = runMark();
/**
 * This spec's two clients (employee@ sees them) and their registered contracts, from the month before this one (a
 * row of yesterday fits in them).
 */
const FIRST = { client: `Отчети ${run} Първи ООД`, contract: `Счетоводство ${run}` };
const SECOND = { client: `Отчети ${run} Втори ООД`, contract: `Абонамент ${run}` };
const EMPLOYEE = 'Георги Иванов';
beforeAll(async () => {
  for (const [{ client, contract }, services] of [
    [FIRST, ['Счетоводно обслужване', 'ТРЗ и личен състав']],
    [SECOND, ['Правна консултация (час)']],
  ] as const) {
    const made = await createClient(client, { managedBy: [EMPLOYEE] });
    await registeredContract(made, { name: contract, services: [...services], fromDate: monthStart(-1) });
  }
});
/** An option's name holding `text` (the client and contract pickers add details after it). */
const named = (text: string) => new RegExp(text);
const ts = (locale: Locale, key: string, values: Record<string, string> = {}) => t(locale, `timesheets:${key}`, values);
/** employee@'s demo row created 11 days ago (apps/server/src/seed/demo-timesheets.ts). */
const LOCKED_COMMENT = 'Инвентаризация на склада в събота';
const DAY_MS = 86_400_000;
const sofiaDay = (daysAgo = 0) => sofiaDayOf(new Date(Date.now() - daysAgo * DAY_MS));
const display = (day: string) => day.split('-').reverse().join('.');

/** Opens /timesheets and waits for its first page (and its total). */
async function openList(page: Page, locale: Locale = 'bg') {
  const listed = page.waitForResponse((response) => response.url().endsWith('/api/timesheets/list'));
  await page.goto(`${baseUrl()}/#/timesheets`);
  await page.getByRole('table', { name: ts(locale, 'list.title') }).waitFor();
  await listed;
  await page.getByRole('status', { name: ts(locale, 'list.total_label') }).waitFor();
}

/** Types `dd.MM.yyyy` into a date picker: its sections take the digits one after another. */
async function typeDate(scope: Locator, name: string, value: string) {
  const field = scope.locator('.MuiPickersInputBase-root', { has: scope.page().locator(`input[name="${name}"]`) });
  await field.locator('[role=spinbutton]').first().click();
  await scope.page().keyboard.type(value.replace(/\D/g, ''));
  expect(await field.locator(`input[name="${name}"]`).inputValue()).toBe(value);
}

/** Fills one row of the timesheet dialog (the client and contract only when given: a new row keeps the previous ones). */
async function fillRow(
  page: Page,
  row: Locator,
  values: { client?: RegExp; contract?: RegExp; service: string; hours?: string; minutes?: string; comment?: string },
) {
  if (values.client) {
    await row.getByRole('combobox', { name: ts('bg', 'fields.client') }).fill(values.client.source.split(' ')[0]);
    await page.getByRole('option', { name: values.client }).click();
  }
  if (values.contract) {
    const search = page.waitForResponse((response) => response.url().endsWith('/api/contracts/search'));
    await row.getByRole('combobox', { name: ts('bg', 'fields.contract') }).click();
    await search;
    await page.getByRole('option', { name: values.contract }).click();
  }
  await row.getByRole('button', { name: ts('bg', 'dialog.pick_service') }).click();
  // The contract's services (asked once per contract, then cached).
  const picker = page.getByRole('dialog', { name: ts('bg', 'dialog.services_title') });
  await picker.getByRole('button', { name: `${t('bg', 'parties:services.add')}: ${values.service}` }).click();
  await picker.waitFor({ state: 'detached' });
  if (values.hours) await row.getByRole('textbox', { name: ts('bg', 'fields.hours') }).fill(values.hours);
  if (values.minutes) await row.getByRole('textbox', { name: ts('bg', 'fields.minutes') }).fill(values.minutes);
  if (values.comment) await row.getByRole('textbox', { name: ts('bg', 'fields.comment') }).fill(values.comment);
}

async function saving(page: Page, click: () => Promise<void>) {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/timesheets/save') && response.request().method() === 'POST',
  );
  await click();
  return answered;
}

/** Applies the list filter (management: the employee; anyone: dates). */
async function applyFilter(page: Page, values: { user?: string; fromDate?: string; toDate?: string }) {
  const filter = page.getByRole('form', { name: t('bg', 'filter.title') });
  if (!(await filter.isVisible())) await page.getByRole('button', { name: t('bg', 'filter.title') }).click();
  if (values.user) {
    await filter.getByRole('combobox', { name: ts('bg', 'fields.user') }).click();
    await page.getByRole('option', { name: values.user, exact: true }).click();
  }
  if (values.fromDate) await typeDate(filter, 'fromDate', display(values.fromDate));
  if (values.toDate) await typeDate(filter, 'toDate', display(values.toDate));
  const listed = page.waitForResponse((response) => response.url().endsWith('/api/timesheets/list'));
  await filter.getByRole('button', { name: t('bg', 'actions.apply') }).click();
  return (await (await listed).json()) as {
    Result: { Items: Array<Record<string, any>>; Total: number; TotalDuration: number };
  };
}

/** Clicks the control and returns the bytes of the download it starts. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await click();
  const download = await started;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const UNIQUE = { hours: '2', minutes: '17' };
const UNIQUE_TEXT = '2 часа 17 минути';
const EDITED_TEXT = '2 часа 20 минути';

describe('timesheets', () => {
  it('an employee records three rows for two contracts in one save, sees a future date refused on its row, and edits a row', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.employee());
    await openList(page);
    await page.getByRole('button', { name: ts('bg', 'list.add'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ts('bg', 'dialog.new') });
    await fillRow(page, dialog.getByRole('group', { name: ts('bg', 'dialog.one_row') }), {
      client: named(FIRST.client),
      contract: named(FIRST.contract),
      service: 'Счетоводно обслужване',
      hours: '1',
      minutes: '30',
      comment: `Фактури ${run}`,
    });
    await dialog.getByRole('button', { name: ts('bg', 'dialog.add_row') }).click();
    const second = dialog.getByRole('group', { name: ts('bg', 'dialog.row', { number: '2' }) });
    await fillRow(page, second, { service: 'ТРЗ и личен състав', minutes: '45', comment: `Заплати ${run}` });
    await dialog.getByRole('button', { name: ts('bg', 'dialog.add_row') }).click();
    const third = dialog.getByRole('group', { name: ts('bg', 'dialog.row', { number: '3' }) });
    await fillRow(page, third, {
      client: named(SECOND.client),
      contract: named(SECOND.contract),
      service: 'Правна консултация (час)',
      ...UNIQUE,
      comment: `Договор ${run}`,
    });
    // Tomorrow on the second row.
    await typeDate(second, 'rows.1.date', display(sofiaDay(-1)));
    await shot(page, 'timesheets-dialog-rows-1280-bg');

    // The future date is refused on its row, and nothing is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/timesheets/save')) sent += 1;
    });
    await dialog.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).click();
    await second.getByText(t('bg', 'messages:date_in_future')).waitFor();
    expect(
      await dialog
        .getByRole('group', { name: ts('bg', 'dialog.row', { number: '1' }) })
        .getByText(t('bg', 'messages:date_in_future'))
        .count(),
    ).toBe(0);
    expect(sent).toBe(0);
    await shot(page, 'timesheets-dialog-error-1280-bg');

    await typeDate(second, 'rows.1.date', display(sofiaDay(1)));
    const response = await saving(page, () =>
      dialog.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).click(),
    );
    expect(response.status(), await response.text()).toBe(200);
    const saved = (await response.json()) as { Result: Array<{ _id: string; contract: string; duration: number }> };
    expect(saved.Result.map((row) => row.duration)).toEqual([90, 45, 137]);
    expect(new Set(saved.Result.map((row) => row.contract)).size).toBe(2);
    const edit = page.getByRole('dialog', { name: ts('bg', 'dialog.one') });
    await edit
      .getByRole('button', { name: t('bg', 'actions.close'), exact: true })
      .last()
      .click();
    await edit.waitFor({ state: 'detached' });

    // The list (newest first) shows them; the third row opens in the single-row form and is edited.
    await rowWith(page, UNIQUE_TEXT).waitFor();
    await rowWith(page, UNIQUE_TEXT)
      .getByRole('button', { name: new RegExp(`^${t('bg', 'actions.preview')}: ${SECOND.client}`) })
      .click();
    const one = page.getByRole('dialog', { name: ts('bg', 'dialog.one') });
    const fields = one.getByRole('group', { name: ts('bg', 'dialog.one_row') });
    await fields.getByRole('textbox', { name: ts('bg', 'fields.minutes') }).fill('20');
    const edited = await saving(page, () =>
      one.getByRole('button', { name: t('bg', 'actions.save_and_close'), exact: true }).click(),
    );
    expect(edited.status()).toBe(200);
    expect(((await edited.json()) as { Result: { _id: string; duration: number } }).Result).toMatchObject({
      _id: saved.Result[2]._id,
      duration: 140,
    });
    await rowWith(page, EDITED_TEXT).waitFor();
    await shot(page, 'timesheets-list-employee-1280-bg');
    await context.close();
  }, 240_000);

  it('a manager filters by the employee, sees the total, exports and prints', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await openList(page);
    // No filter: the export is refused before any call.
    let reports = 0;
    page.on('request', (request) => {
      if (/\/api\/timesheets\/(export|print)$/.test(request.url())) reports += 1;
    });
    await page.getByRole('button', { name: ts('bg', 'list.export') }).click();
    await page.getByText(t('bg', 'messages:to_do_export_please_first_select_filters')).waitFor();
    expect(reports).toBe(0);

    const filtered = await applyFilter(page, { user: EMPLOYEE });
    const { Total, TotalDuration } = filtered.Result;
    expect(Total).toBeGreaterThan(3);
    const total = page.getByRole('status', { name: ts('bg', 'list.total_label') });
    await total.getByText(/^Общо: \d/).waitFor();
    const shown = await total.textContent();
    expect(shown).toMatch(/^Общо: (\d+ (ден|дни))?/);
    await page.getByText(ts('bg', 'list.workday')).waitFor();
    await shot(page, 'timesheets-list-manager-1280-bg', true);

    // The export: every row of the filter, the totals at the end.
    const exported = await downloaded(page, () => page.getByRole('button', { name: ts('bg', 'list.export') }).click());
    expect(exported.name).toMatch(/^timesheets-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.bytes as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const rows = Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Служител', 'Клиент', 'Договор', 'Услуга', 'Дата', 'Време (ч:мм)', 'Минути', 'Коментар']);
    const data = rows.slice(1, 1 + Total);
    expect(data.every((cells) => cells[0] === EMPLOYEE)).toBe(true);
    expect(data.map((cells) => cells[7])).toEqual(
      expect.arrayContaining([`Фактури ${run}`, `Заплати ${run}`, `Договор ${run}`]),
    );
    expect(data.reduce((sum, cells) => sum + Number(cells[6]), 0)).toBe(TotalDuration);
    const last = rows.at(-1)!;
    expect(last[0]).toBe(`Общо (${Total} реда)`);
    expect(last[6]).toBe(TotalDuration);

    // The print: the same rows grouped by client and contract, with the total.
    const printed = await downloaded(page, () => page.getByRole('button', { name: ts('bg', 'list.print') }).click());
    expect(printed.name).toMatch(/^timesheets-.*\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: printed.bytes }).toString(
      'utf8',
    );
    expect(text).toContain('Отчети за работно време');
    expect(text).toContain(FIRST.client);
    expect(text).toContain(SECOND.client);
    expect(text).toContain(`Договор: ${SECOND.contract}`);
    expect(text).toContain(`Договор ${run}`);
    const hours = `${Math.floor(TotalDuration / 60)}:${String(TotalDuration % 60).padStart(2, '0')}`;
    expect(text).toMatch(new RegExp(`Общо \\(${Total} реда\\)\\s+${hours}`));
    await context.close();
  }, 240_000);

  it('an admin deletes a row after confirming', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.admin());
    await openList(page);
    await applyFilter(page, { user: EMPLOYEE });
    const row = rowWith(page, EDITED_TEXT);
    await row.getByRole('button', { name: new RegExp(`^${t('bg', 'actions.delete')}: ${SECOND.client}`) }).click();
    const confirm = page.getByRole('dialog', { name: t('bg', 'messages:warning') });
    await confirm.getByText(t('bg', 'messages:are_your_sure_delete_timesheet')).waitFor();
    await shot(page, 'timesheets-delete-confirm-1280-bg');
    const removed = page.waitForResponse((response) => response.url().endsWith('/api/timesheets/remove'));
    const relisted = page.waitForResponse((response) => response.url().endsWith('/api/timesheets/list'));
    await confirm.getByRole('button', { name: t('bg', 'actions.delete') }).click();
    expect((await removed).status()).toBe(200);
    await relisted;
    await row.waitFor({ state: 'detached' });
    await context.close();
  }, 240_000);

  it("the employee's row created 11 days ago shows no Save, and its save answers 409", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.employee());
    await openList(page);
    // The demo row is alone on its day (a weekend day at least 11 days back).
    const token = await apiToken(ACCOUNTS.employee());
    const call = (path: string, body: unknown) =>
      fetch(`${baseUrl()}/api/timesheets/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const listed = (await (
      await call('list', { fromDate: sofiaDay(20), toDate: sofiaDay(11), itemsPerPage: 200 })
    ).json()) as { Result: { Items: Array<Record<string, any>> } };
    const old = listed.Result.Items.find((item) => item.comment === LOCKED_COMMENT)!;
    expect(old).toMatchObject({ locked: true, canEdit: false });
    const result = await applyFilter(page, { fromDate: old.date, toDate: old.date });
    expect(result.Result.Items.map((item) => item._id)).toEqual([old._id]);
    await page.getByRole('button', { name: new RegExp(`^${t('bg', 'actions.preview')}: `) }).click();
    const dialog = page.getByRole('dialog', { name: ts('bg', 'dialog.one') });
    await dialog.getByText(ts('bg', 'dialog.locked', { days: '10' })).waitFor();
    expect(await dialog.getByRole('button', { name: new RegExp(`^${t('bg', 'actions.save')}`) }).count()).toBe(0);
    await shot(page, 'timesheets-locked-1280-bg');
    const refused = await call('save', {
      _id: old._id,
      client: old.client,
      contract: old.contract,
      service: old.service,
      date: old.date,
      duration: 60,
      comment: 'Късно',
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { Message: string }).Message).toBe('timesheet_locked');
    await context.close();
  }, 240_000);

  it('is usable at 400 px and in Italian (screenshots)', async () => {
    for (const locale of ['bg', 'it'] as const) {
      for (const width of [1280, 400]) {
        const { context, page } = await newPage(browser, {
          width,
          height: width === 400 ? 860 : 800,
          locale: locale === 'it' ? 'it-IT' : 'bg-BG',
        });
        await signIn(page, ACCOUNTS.manager(), locale);
        await openList(page, locale);
        await shot(page, `timesheets-list-${width}-${locale}`, true);
        await page.getByRole('button', { name: ts(locale, 'list.add'), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: ts(locale, 'dialog.new') });
        await dialog.getByRole('button', { name: ts(locale, 'dialog.add_row') }).click();
        await dialog.getByRole('group', { name: ts(locale, 'dialog.row', { number: '2' }) }).waitFor();
        await shot(page, `timesheets-dialog-${width}-${locale}`);
        if (width === 400) {
          // Nothing of the dialog's rows is cut off sideways.
          const overflow = await dialog
            .locator('.MuiDialogContent-root')
            .evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        }
        await context.close();
      }
    }
  }, 300_000);
});
