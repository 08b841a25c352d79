import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeIban } from '@kantora/domain';
import pg from 'pg';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithForm } from '../support/actions.ts';
import { expectFits, newPage, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';
import { startServer, stopServer } from '../support/server.ts';

/**
 * A new installation on its own server process: `npm start`-like, no demo data (SEED_DEMO=0), on a new empty
 * database of the PostgreSQL server of TEST_DATABASE_URL when that is set, else in a fresh PGlite data directory.
 * The administrator follows the first-run checklist to the end, creates a client and issues an invoice.
 */
type Locale = 'bg' | 'it';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = join(ROOT, '.tmp');
const ADMIN = { username: 'admin@kantora.local', password: 'first-run-admin-1' };
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const run = Date.now().toString(36).slice(-5).toUpperCase();
const BULSTAT = String(100_000_000 + (Date.now() % 800_000_000));

const browser = useBrowser();
const server = { url: '', output: () => '', cleanup: async () => {} };
let context: BrowserContext;
let page: Page;

/**
 * The database of this run: a new one on the PostgreSQL server when there is one (dropped after), else PGlite in
 * the run's data directory (removed after).
 */
async function newDatabase(): Promise<{ dataDir: string; env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kantora-first-run-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { dataDir, env: {}, drop: removeDir };
  const name = `kantora_e2e_first_run_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      await removeDir();
    },
  };
}

/** The server as `npm start` runs it (the built web app), without the demo data. */
async function start() {
  const database = await newDatabase();
  const started = await startServer(database.dataDir, {
    ...database.env,
    ADMIN_PASSWORD: ADMIN.password,
    APP_ENV: 'development',
    SEED_DEMO: '0',
  });
  server.url = started.baseUrl;
  server.output = started.output;
  server.cleanup = async () => {
    await stopServer(started.child);
    await database.drop();
  };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await start();
  expect(server.output()).toContain('Reference data created');
  expect(server.output()).not.toContain('Demo data created');
  expect(server.output()).toContain(process.env.TEST_DATABASE_URL ? '(postgres)' : '(pglite in ');
  ({ context, page } = await newPage(browser));
}, 240_000);
afterAll(async () => {
  await context?.close();
  await server.cleanup();
}, 60_000);

const s = (key: string, values?: Record<string, string>, locale: Locale = 'bg') => t(locale, `settings:${key}`, values);
const c = (key: string) => t('bg', key);
const b = (key: string, values: Record<string, string> = {}) => t('bg', `billing:${key}`, values);
const box = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
async function fillPair(scope: Page | Locator, label: string, bg: string, it: string) {
  await box(scope, `${label} (${t('bg', 'language_names.bg')})`).fill(bg);
  await box(scope, `${label} (${t('bg', 'language_names.it')})`).fill(it);
}
async function choose(scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}
/** Clicks and waits for the call's answer; expects 200 and returns its body. */
async function saving(call: string, click: () => Promise<void>, on: Page = page) {
  const answered = on.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/${call}` && response.request().method() === 'POST',
  );
  await click();
  const response = await answered;
  expect(response.status(), `${call}: ${await response.text()}`).toBe(200);
  return response.json();
}
const atPath = (on: Page, path: string | RegExp) =>
  on.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(decodeURIComponent(window.location.hash.slice(1))),
    typeof path === 'string' ? [`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, ''] : [path.source, path.flags],
  );
const checklist = (on: Page, locale: Locale = 'bg') =>
  on.getByRole('list', { name: s('setup.list', undefined, locale) });
const item = (on: Page, key: string, step: number, locale: Locale = 'bg') =>
  checklist(on, locale).getByRole('link', {
    name: new RegExp(`^${step}\\. ${s(`setup.items.${key}.title`, undefined, locale)}\\s*—\\s*`),
  });
const state = (on: Page, key: string, step: number, locale: Locale = 'bg') =>
  item(on, key, step, locale).locator('.MuiChip-label');

/** The checklist, opened from the notice that the shell shows above every page. */
async function openChecklist(expectedDone: number) {
  const notice = page
    .getByRole('status')
    .filter({ hasText: s('setup.notice', { done: String(expectedDone), total: '5' }) });
  await notice.getByRole('link', { name: s('setup.notice_link') }).click();
  await atPath(page, '/settings/setup');
  await checklist(page).waitFor();
  await page.getByText(s('setup.progress', { done: String(expectedDone), total: '5' })).waitFor();
}

/** axe-core on what `selector` holds (the notice, the page's main region): no WCAG 2.1 A/AA violation. */
async function expectAxeClean(on: Page, selector: string, label: string) {
  await on.evaluate(AXE_SOURCE);
  const violations = await on.evaluate(async (include) => {
    type Result = { violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  }, selector);
  expect([label, violations]).toEqual([label, []]);
}

/** The notice and the checklist in one language at one width, in a context of its own sharing the session, shot into .tmp/. */
async function shootChecklist(locale: Locale, width: number, doneCount: number) {
  const shot = await browser.newContext({
    viewport: { width, height: 900 },
    locale: locale === 'bg' ? 'bg-BG' : 'it-IT',
    timezoneId: 'Europe/Sofia',
  });
  await shot.addCookies(await context.cookies());
  await shot.addInitScript((lng) => window.localStorage.setItem('_locale', lng), locale);
  const other = await shot.newPage();
  // The notice above the landing page, then the checklist it leads to.
  await other.goto(`${server.url}/#/clients`);
  const notice = other
    .getByRole('status')
    .filter({ hasText: s('setup.notice', { done: String(doneCount), total: '5' }, locale) });
  await notice.waitFor();
  await expectFits(other, [s('setup.notice_link', undefined, locale)]);
  await other.screenshot({ path: join(SHOTS, `first-run-notice-${width}-${locale}.png`), animations: 'disabled' });
  await notice.getByRole('link', { name: s('setup.notice_link', undefined, locale) }).click();
  await checklist(other, locale).waitFor();
  await other.getByText(s('setup.progress', { done: String(doneCount), total: '5' }, locale)).waitFor();
  await other.waitForFunction((title) => document.title === title, `${t(locale, 'routes:setup')} | Kantora`);
  await expectAxeClean(other, '#main', `checklist ${locale} ${width}`);
  await expectFits(other, [s('setup.progress', { done: String(doneCount), total: '5' }, locale)]);
  await other.screenshot({
    path: join(SHOTS, `first-run-checklist-${width}-${locale}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  await shot.close();
}

describe('a new installation, as its administrator', () => {
  it('has the notice above the landing page, and the checklist with every item to do', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: t('bg', 'auth:submit'), exact: true }).waitFor();
    await signInWithForm(page, ADMIN, 'bg');
    await atPath(page, '/clients');
    await page.getByText(s('setup.notice', { done: '0', total: '5' })).waitFor();
    await expectAxeClean(page, '#main [role="status"]', 'the notice');
    await openChecklist(0);
    for (const [step, key] of ['myCompany', 'banks', 'invoiceDefaults', 'registers', 'users'].entries()) {
      expect(await state(page, key, step + 1).textContent()).toBe(s('setup.todo'));
    }
    // The notice gives way to the list on the checklist's own page.
    expect(await page.getByText(s('setup.notice', { done: '0', total: '5' })).count()).toBe(0);
  });

  it('fills the own company and adds its BGN and EUR default accounts', async () => {
    await item(page, 'myCompany', 1).click();
    await atPath(page, '/settings/my-company');
    await fillPair(page, s('fields.company_name'), `Първа Фирма ${run} ООД`, `Prima Ditta ${run} S.r.l.`);
    await fillPair(page, s('fields.responsible_person'), 'Иван Петров', 'Ivan Petrov');
    await box(page, s('fields.bulstat')).fill('204567891');
    await box(page, s('fields.vat_number')).fill('BG204567891');
    await fillPair(page, s('fields.country'), 'България', 'Bulgaria');
    await fillPair(page, s('fields.state'), 'София-град', 'Sofia città');
    await fillPair(page, s('fields.city'), 'София', 'Sofia');
    await fillPair(page, s('fields.street'), 'бул. Витоша 15', 'Boulevard Vitosha 15');
    await box(page, s('fields.zip_code')).fill('1000');
    await saving('settings/myCompany/save', () =>
      page
        .getByRole('button', { name: c('actions.save'), exact: true })
        .first()
        .click(),
    );
    // The notice follows the save.
    await page.getByText(s('setup.notice', { done: '1', total: '5' })).waitFor();

    const accounts: Array<[string, string, string]> = [
      ['BGN', makeIban('BG', `STSA9300${String(Date.now()).slice(-10)}`), 'banks.default_bgn'],
      ['EUR', makeIban('BG', `STSA9300${String(Date.now() + 7).slice(-10)}`), 'banks.default_eur'],
    ];
    for (const [currency, iban, flag] of accounts) {
      await page.getByRole('button', { name: s('banks.add') }).click();
      const dialog = page.getByRole('dialog');
      await fillPair(dialog, s('fields.bank_name'), `Банка ДСК (${currency})`, `Banca DSK (${currency})`);
      await fillPair(dialog, s('fields.bank_address'), 'София, ул. Московска 19', 'Sofia, via Moskovska 19');
      await box(dialog, s('fields.iban')).fill(iban);
      await box(dialog, s('fields.bic')).fill('STSABGSF');
      await choose(dialog, s('fields.currency'), new RegExp(`^${currency}`));
      await dialog.getByRole('switch', { name: s(flag) }).check();
      await saving('banks/save', () =>
        dialog.getByRole('button', { name: c('actions.save_and_close'), exact: true }).click(),
      );
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: iban }).waitFor();
    }
    await page.getByText(s('setup.notice', { done: '2', total: '5' })).waitFor();
    await openChecklist(2);
    expect(await state(page, 'myCompany', 1).textContent()).toBe(s('setup.done'));
    expect(await state(page, 'banks', 2).textContent()).toBe(s('setup.done'));
    expect(await state(page, 'invoiceDefaults', 3).textContent()).toBe(s('setup.todo'));
  }, 120_000);

  it('looks right at 1280 and 400 px in Bulgarian and Italian, with no accessibility violation', async () => {
    for (const locale of ['bg', 'it'] as const) {
      for (const width of [1280, 400]) await shootChecklist(locale, width, 2);
    }
  }, 180_000);

  it('sets the invoice defaults and confirms the registers', async () => {
    await item(page, 'invoiceDefaults', 3).click();
    await atPath(page, '/settings/invoices');
    await choose(page, s('fields.currency'), /Евро/);
    await choose(page, s('fields.vat_type'), 'ДДС 20%');
    await choose(page, s('fields.payment_type'), 'Банков превод');
    await page.getByRole('combobox', { name: s('fields.signers'), exact: true }).click();
    await page.getByRole('option', { name: 'Администратор Системен' }).click();
    await page.keyboard.press('Escape');
    await choose(page, s('fields.signer'), 'Администратор Системен');
    await saving('settings/invoices/save', () =>
      page.getByRole('button', { name: s('invoices.save_defaults') }).click(),
    );
    await page.getByText(s('setup.notice', { done: '3', total: '5' })).waitFor();

    // The next numbers 1 and 1, confirmed as they are.
    expect(await box(page, s('fields.next_invoice_number')).inputValue()).toBe('1');
    await saving('settings/invoices/saveRegisterNumbers', () =>
      page.getByRole('button', { name: s('invoices.save_registers') }).click(),
    );
    await openChecklist(4);
    expect(await state(page, 'registers', 4).textContent()).toBe(s('setup.done'));
  }, 120_000);

  it('adds a first user, and the checklist is complete: the notice is gone', async () => {
    await item(page, 'users', 5).click();
    await atPath(page, '/settings/users/create');
    await fillPair(page, s('fields.first_name'), 'Мария', 'Maria');
    await fillPair(page, s('fields.last_name'), 'Петрова', 'Petrova');
    await box(page, s('fields.email')).fill(`maria-${run.toLowerCase()}@firm.test`);
    await page.getByLabel(s('fields.password')).fill('manager-first-run');
    await choose(page, s('fields.type'), s('users.type.0'));
    await choose(page, s('fields.access'), s('users.access.1'));
    await saving('settings/users/save', () =>
      page
        .getByRole('button', { name: c('actions.save'), exact: true })
        .first()
        .click(),
    );
    await atPath(page, /^\/settings\/users\/[0-9a-f-]{36}$/);

    await page.goto(`${server.url}/#/settings/setup`);
    await page.getByText(s('setup.all_done')).waitFor();
    await page.getByText(s('setup.progress', { done: '5', total: '5' })).waitFor();
    await page.screenshot({
      path: join(SHOTS, 'first-run-checklist-done-1280-bg.png'),
      fullPage: true,
      animations: 'disabled',
    });
    await page.goto(`${server.url}/#/clients`);
    await page.getByRole('heading', { level: 1, name: t('bg', 'routes:clients') }).waitFor();
    await page.getByRole('link', { name: t('bg', 'clients:list.add') }).waitFor();
    expect(await page.getByText(/Kantora още не е готова/).count()).toBe(0);
  }, 120_000);

  it('creates a client and issues an invoice: a number appears', async () => {
    await page.getByRole('link', { name: t('bg', 'clients:list.add') }).click();
    await atPath(page, '/clients/create');
    const input = (name: string) => page.locator(`input[name="${name}"]`).first();
    await input('name.bg').fill(`Клиент ${run} ЕООД`);
    await input('name.it').fill(`Cliente ${run}`);
    await input('bulstat').fill(BULSTAT);
    await input('vatNumber').fill(`BG${BULSTAT}`);
    for (const [field, bg, it] of [
      ['country', 'България', 'Bulgaria'],
      ['city', 'Пловдив', 'Plovdiv'],
      ['street', 'ул. Главна 5', 'via Glavna 5'],
    ]) {
      await input(`${field}.bg`).fill(bg);
      await input(`${field}.it`).fill(it);
    }
    // The headquarters' phone and e-mail (the company card has the first phone field).
    await page.locator('input[name="phone"]').nth(1).fill('+359 32 555 010');
    await page.locator('input[name="email"]').nth(1).fill(`office-${run.toLowerCase()}@client.test`);
    await saving('companies/save', () => page.getByRole('button', { name: c('actions.save'), exact: true }).click());
    await atPath(page, /^\/clients\/[0-9a-f-]{36}$/);

    await page.goto(`${server.url}/#/invoices/create`);
    await page.getByRole('heading', { level: 2, name: b('invoice.new_title') }).waitFor();
    const recipient = page.getByRole('region', { name: b('parties.recipient') });
    await recipient.getByRole('button', { name: t('bg', 'contracts:parties.choose_client') }).click();
    const picker = page.getByRole('dialog', { name: t('bg', 'clients:picker.title') });
    await picker.getByRole('textbox', { name: t('bg', 'clients:fields.name') }).fill(`Клиент ${run}`);
    await picker.getByRole('button', { name: `${t('bg', 'clients:picker.select')}: Клиент ${run} ЕООД` }).click();
    await picker.waitFor({ state: 'detached' });
    const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('');
    const field = page.locator('.MuiPickersInputBase-root', { has: page.locator('input[name="paymentDeadlineDate"]') });
    await field.locator('[role=spinbutton]').first().click();
    await page.keyboard.type(deadline);
    const created = await saving('invoices/save', () =>
      page.getByRole('button', { name: c('actions.save'), exact: true }).click(),
    );
    // The defaults of the checklist: EUR, 20 % VAT, the own company's accounts.
    expect(created.Result).toMatchObject({
      currencyCode: 'EUR',
      VATPercentage: 20,
      providerBank: expect.any(String),
      providerBank2: expect.any(String),
    });
    await atPath(page, `/invoices/${created.Result._id}`);

    await page.getByRole('button', { name: b('items.add'), exact: true }).click();
    const row = page.getByRole('dialog', { name: b('items.new') });
    await row
      .getByRole('textbox', { name: `${b('items.name')} (${t('bg', 'language_names.bg')})` })
      .fill('Счетоводно обслужване');
    await row
      .getByRole('textbox', { name: `${b('items.name')} (${t('bg', 'language_names.it')})` })
      .fill('Servizi di contabilità');
    await row.getByRole('textbox', { name: b('items.price') }).fill('450');
    await saving('invoices/saveItem', () =>
      row.getByRole('button', { name: c('actions.save_and_close'), exact: true }).click(),
    );
    await row.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: b('actions.issue'), exact: true }).click();
    const confirm = page.getByRole('dialog', { name: b('issue.title') });
    const issued = await saving('invoices/issue', () =>
      confirm.getByRole('button', { name: b('actions.issue'), exact: true }).click(),
    );
    expect(issued.Result.number).toBe('0000000001');
    await page
      .getByRole('heading', {
        level: 2,
        name: b('title_with_number', { name: b('notice_title.0'), number: '0000000001' }),
      })
      .waitFor();
    expect(issued.Result).toMatchObject({ totalAmount: 540, currencyCode: 'EUR' });
  }, 120_000);
});
