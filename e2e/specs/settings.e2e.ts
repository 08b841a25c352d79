import { readFileSync } from 'node:fs';
import { makeIban } from '@kantora/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, hashPath, openLogin, saveLocale, signInWithForm, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, launch, newPage, screenshot } from '../support/browser.ts';
import { api } from '../support/data.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let locale: Locale = 'bg';

/** Unique bits for this run, so a rerun against the same data still finds its own rows. */
const run = Date.now().toString(36).slice(-5).toUpperCase();
const IBAN_BGN = makeIban('BG', `STSA9300${String(Date.now()).slice(-10)}`);
const IBAN_EUR = makeIban('BG', `FINV9150${String(Date.now() + 7).slice(-10)}`);
/** The demo's BGN default account of the own company. */
const DEMO_BGN_IBAN = 'BG32UNCR70001520345678';
const MANAGER_EMAIL = `e2e-manager-${run.toLowerCase()}@kantora.local`;
const FILE_BYTES = Buffer.from(`%PDF-1.4\n% Kantora e2e ${run}\n${'0123456789'.repeat(300)}\n%%EOF\n`, 'latin1');

const s = (key: string, values?: Record<string, string>) => t(locale, `settings:${key}`, values);
const c = (key: string) => t(locale, key);

/** Inputs by their accessible name (required marks are not part of it). */
const box = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
async function fillPair(scope: Page | Locator, label: string, bg: string, it: string) {
  await box(scope, `${label} (${t(locale, 'language_names.bg')})`).fill(bg);
  await box(scope, `${label} (${t(locale, 'language_names.it')})`).fill(it);
}
async function choose(scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}
/** Clicks and waits for the call's successful answer. */
async function saving(call: string, click: () => Promise<void>) {
  const answered = page.waitForResponse(
    (response) => response.url().includes(`/api/${call}`) && response.request().method() === 'POST',
  );
  await click();
  const response = await answered;
  expect(response.status(), `${call}: ${await response.text()}`).toBe(200);
}
async function open(path: string) {
  await page.goto(`${baseUrl()}/#${path}`);
  await waitForHash(page, (p) => p === path);
}
const dialog = () => page.getByRole('dialog');
const row = (text: string) => page.getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  await openLogin(page);
  await signInWithForm(page, ACCOUNTS.admin());
  await waitForHash(page, (p) => p === '/clients');
});
afterAll(async () => {
  // Leave the administrator in Bulgarian for the other specs.
  await saveLocale(ACCOUNTS.admin(), 'bg');
  // Give the demo account its BGN mark back: a new contract takes the own company's default accounts.
  const company = await api<{ _id: string; banks: Array<Record<string, unknown>> }>('metaData/getMyCompany');
  const demo = company.banks.find((bank) => bank.iban === DEMO_BGN_IBAN);
  if (demo && !demo.default) {
    const { _id, name, address, bic, iban, currency, default2 } = demo;
    const body = { _id, myCompanyId: company._id, name, address, iban, currency, default: true, default2 };
    if (bic) Object.assign(body, { bic });
    await api('banks/save', body);
  }
  await context?.close();
  await browser?.close();
});

describe('settings, as the administrator', () => {
  it('redirects /settings to the users and titles the page from the routes', async () => {
    await page.goto(`${baseUrl()}/#/settings`);
    await waitForHash(page, (p) => p === '/settings/users');
    await page.waitForFunction((title) => document.title === title, `${t('bg', 'routes:users')} | Kantora`);
  });

  it('saves my company and adds a BGN default and a EUR account', async () => {
    await open('/settings/my-company');
    await fillPair(page, s('fields.responsible_person'), `Иван Петров ${run}`, `Ivan Petrov ${run}`);
    await saving('settings/myCompany/save', () =>
      page
        .getByRole('button', { name: c('actions.save'), exact: true })
        .first()
        .click(),
    );
    await page.getByText(t(locale, 'messages:saved_successfully')).first().waitFor();

    await page.getByRole('button', { name: s('banks.add') }).click();
    const bank = dialog();
    await fillPair(bank, s('fields.bank_name'), `Банка ДСК ${run}`, `Banca DSK ${run}`);
    await fillPair(bank, s('fields.bank_address'), 'София, ул. Московска 19', 'Sofia, via Moskovska 19');
    await box(bank, s('fields.iban')).fill(IBAN_BGN.replace(/(.{4})/g, '$1 ').trim());
    await box(bank, s('fields.bic')).fill('STSABGSF');
    await choose(bank, s('fields.currency'), /^BGN/);
    await bank.getByRole('switch', { name: s('banks.default_bgn') }).check();
    await saving('banks/save', () =>
      bank.getByRole('button', { name: c('actions.save_and_close'), exact: true }).click(),
    );
    await bank.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: s('banks.add') }).click();
    await fillPair(dialog(), s('fields.bank_name'), `Файнанс Банк ${run}`, `Finance Bank ${run}`);
    await fillPair(dialog(), s('fields.bank_address'), 'Пловдив', 'Plovdiv');
    await box(dialog(), s('fields.iban')).fill(IBAN_EUR);
    await choose(dialog(), s('fields.currency'), /^EUR/);
    // The EUR default stays with the demo account; a BGN mark is not offered for a EUR account.
    expect(
      await dialog()
        .getByRole('switch', { name: s('banks.default_bgn') })
        .isDisabled(),
    ).toBe(true);
    await saving('banks/save', () =>
      dialog()
        .getByRole('button', { name: c('actions.save'), exact: true })
        .click(),
    );
    await dialog()
      .getByRole('heading', { name: new RegExp(`Файнанс Банк ${run}`) })
      .waitFor();
    await dialog()
      .getByRole('button', { name: c('actions.close'), exact: true })
      .last()
      .click();

    // The BGN mark moved from the demo account to the new one.
    const mark = (iban: string) => row(iban).locator('.MuiChip-root', { hasText: s('banks.default_bgn_short') });
    await mark(IBAN_BGN).waitFor();
    await row(IBAN_EUR).waitFor();
    expect(await mark(DEMO_BGN_IBAN).count()).toBe(0);
    await screenshot(page, 'settings-my-company');
  });

  it('adds a currency, a VAT type and a service', async () => {
    await open('/settings/currencies');
    await page.getByRole('button', { name: s('currencies.add') }).click();
    await box(dialog(), s('fields.currency_code')).fill('chf');
    await fillPair(dialog(), s('fields.name'), `Швейцарски франк ${run}`, `Franco svizzero ${run}`);
    await box(dialog(), s('fields.exchange_rate')).fill('2,0456');
    await saving('settings/currencies/save', () =>
      dialog()
        .getByRole('button', { name: c('actions.save_and_close'), exact: true })
        .click(),
    );
    await row(`Швейцарски франк ${run}`).getByText('CHF').waitFor();

    await open('/settings/vat-types');
    await page.getByRole('button', { name: s('vat_types.add') }).click();
    await fillPair(dialog(), s('fields.name'), `Намалена ставка ${run}`, `Aliquota ridotta ${run}`);
    await box(dialog(), s('fields.percentage')).fill('150');
    await dialog()
      .getByRole('button', { name: c('actions.save'), exact: true })
      .click();
    await dialog().getByText(t(locale, 'messages:invalid_value')).waitFor();
    await box(dialog(), s('fields.percentage')).fill('7');
    await fillPair(dialog(), s('fields.exemption_reason'), 'чл. 41 от ЗДДС', 'art. 41 della legge IVA');
    await saving('settings/vat-types/save', () =>
      dialog()
        .getByRole('button', { name: c('actions.save_and_close'), exact: true })
        .click(),
    );
    await row(`Намалена ставка ${run}`).getByText('7 %').waitFor();

    await open('/settings/services');
    await page.getByRole('button', { name: s('services.add') }).click();
    await box(dialog(), s('fields.code')).fill(`E2E-${run}`);
    await fillPair(dialog(), s('fields.name'), `Одит ${run}`, `Revisione ${run}`);
    await fillPair(dialog(), s('fields.description'), 'Годишен одит', 'Revisione annuale');
    await box(dialog(), s('fields.price')).fill('1250,5');
    // Enter in a field saves the dialog's form.
    await saving('settings/services/save', () => box(dialog(), s('fields.price')).press('Enter'));
    await dialog()
      .getByRole('heading', { name: new RegExp(`Одит ${run}`) })
      .waitFor();
    await dialog()
      .getByRole('button', { name: c('actions.close'), exact: true })
      .last()
      .click();
    await box(page, s('fields.code')).fill(`E2E-${run}`);
    await page.getByRole('button', { name: c('actions.apply') }).click();
    await row(`E2E-${run}`).getByText('1250,50').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  });

  it('sets the invoice defaults and the register numbers', async () => {
    await open('/settings/invoices');
    await choose(page, s('fields.currency'), new RegExp(`Швейцарски франк ${run}`));
    await choose(page, s('fields.vat_type'), new RegExp(`Намалена ставка ${run}`));
    await choose(page, s('fields.payment_type'), 'В брой');
    await page.getByRole('combobox', { name: s('fields.signers'), exact: true }).click();
    await page.getByRole('option', { name: 'Администратор Системен' }).click();
    await page.keyboard.press('Escape');
    await choose(page, s('fields.signer'), 'Администратор Системен');
    await saving('settings/invoices/save', () =>
      page.getByRole('button', { name: s('invoices.save_defaults') }).click(),
    );

    const invoices = box(page, s('fields.next_invoice_number'));
    await invoices.fill('0');
    await page.getByRole('button', { name: s('invoices.save_registers') }).click();
    await page.getByText(t(locale, 'messages:invalid_value')).waitFor();
    await invoices.fill('1000');
    await box(page, s('fields.next_proforma_number')).fill('500');
    await saving('settings/invoices/saveRegisterNumbers', () =>
      page.getByRole('button', { name: s('invoices.save_registers') }).click(),
    );
    await page.reload();
    await page.waitForFunction(() => [...document.querySelectorAll('input')].some((input) => input.value === '1000'));
  });

  it('creates a manager with an education entry and a document, and downloads the document', async () => {
    await open('/settings/users');
    await page.getByRole('link', { name: s('users.add') }).click();
    await waitForHash(page, (p) => p === '/settings/users/create');
    await fillPair(page, s('fields.first_name'), 'Радослава', 'Radoslava');
    await fillPair(page, s('fields.last_name'), 'Маринова', 'Marinova');
    await box(page, s('fields.email')).fill(MANAGER_EMAIL);
    await page.getByLabel(s('fields.password')).fill('manager-e2e');
    await choose(page, s('fields.type'), t(locale, 'settings:users.type.0'));
    expect(await page.getByRole('combobox', { name: s('fields.access') }).textContent()).toBe(s('users.access.2'));
    await choose(page, s('fields.access'), s('users.access.1'));
    await saving('settings/users/save', () =>
      page
        .getByRole('button', { name: c('actions.save'), exact: true })
        .first()
        .click(),
    );
    await waitForHash(page, (p) => /^\/settings\/users\/[0-9a-f-]{36}$/.test(p));

    await page.getByRole('button', { name: s('education.add') }).click();
    await box(dialog(), s('fields.education_place')).fill(`Софийски университет ${run}`);
    await box(dialog(), s('fields.degree')).fill('Магистър по финанси');
    await saving('settings/users/saveUserEducation', () =>
      dialog()
        .getByRole('button', { name: c('actions.save_and_close'), exact: true })
        .click(),
    );
    await row(`Софийски университет ${run}`).waitFor();

    await page.getByRole('button', { name: t(locale, 'documents:add') }).click();
    await choose(dialog(), t(locale, 'documents:fields.type'), 'Диплома');
    await fillPair(
      dialog(),
      t(locale, 'documents:fields.description'),
      'Диплома за висше образование',
      'Diploma di laurea',
    );
    await dialog()
      .getByRole('button', { name: c('actions.save'), exact: true })
      .click();
    await dialog().getByText(t(locale, 'messages:field_is_required')).waitFor();
    await dialog()
      .locator('input[type=file]')
      .setInputFiles({ name: `диплома-${run}.pdf`, mimeType: 'application/pdf', buffer: FILE_BYTES });
    await saving('documents/save', () =>
      dialog()
        .getByRole('button', { name: c('actions.save_and_close'), exact: true })
        .click(),
    );
    const chip = page.getByRole('button', { name: `${t(locale, 'documents:download')}: диплома-${run}.pdf` });
    await chip.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), chip.click()]);
    expect(download.suggestedFilename()).toBe(`диплома-${run}.pdf`);
    expect(readFileSync((await download.path()) as string).equals(FILE_BYTES)).toBe(true);
    await screenshot(page, 'settings-user');
  });

  /** The newest log row of an entity type, opened; returns the dialog. */
  async function newestLog(entity: string) {
    await open('/settings/logs');
    await choose(page, s('logs.entity'), s(`logs.entities.${entity}`));
    await page.getByRole('button', { name: c('actions.apply') }).click();
    await page.waitForFunction(
      (label) => [...document.querySelectorAll('tbody tr')].every((tr) => tr.textContent?.includes(label)),
      s(`logs.entities.${entity}`),
    );
    await page
      .getByRole('button', { name: new RegExp(`^${c('actions.preview')}:`) })
      .first()
      .click();
    await dialog().getByRole('table').waitFor();
    return dialog();
  }

  it('finds each of those changes in the log viewer, old and new side by side', async () => {
    const expectations: Array<[string, string]> = [
      ['MyCompany', `Иван Петров ${run}`],
      ['Bank', IBAN_EUR],
      ['Currency', `Швейцарски франк ${run}`],
      ['VATType', `Намалена ставка ${run}`],
      ['Service', `E2E-${run}`],
      ['InvoiceSettings', 'signer'],
      ['RegisterNumbers', '1000'],
      ['User', MANAGER_EMAIL],
      ['UserEducation', `Софийски университет ${run}`],
      ['Document', `диплома-${run}.pdf`],
    ];
    for (const [entity, text] of expectations) {
      const preview = await newestLog(entity);
      await preview.getByRole('table').getByText(text, { exact: false }).first().waitFor();
      if (entity === 'MyCompany') {
        // An update opens on the changed fields, highlighted, with the old value beside the new.
        await preview
          .locator('tr[data-change="changed"]')
          .filter({ hasText: 'responsiblePerson.bg' })
          .getByText('Иван Петров', { exact: true })
          .waitFor();
        await screenshot(page, 'settings-log-preview');
      }
      await preview
        .getByRole('button', { name: c('actions.close'), exact: true })
        .last()
        .click();
      await preview.waitFor({ state: 'detached' });
    }
  });

  it('works in Italian too: a payment type added and found in the log', async () => {
    await page.getByRole('button', { name: t('bg', 'shell.language') }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitem', { name: t('bg', 'languages.it') }).click(),
    ]);
    locale = 'it';
    await page.getByRole('navigation', { name: t('it', 'shell.navigation') }).waitFor();
    await open('/settings/payment-types');
    await page.waitForFunction((title) => document.title === title, `${t('it', 'routes:payment_types')} | Kantora`);
    await page.getByRole('button', { name: s('payment_types.add') }).click();
    await dialog()
      .getByRole('heading', { name: s('payment_types.new') })
      .waitFor();
    await fillPair(dialog(), s('fields.name'), `Наложен платеж ${run}`, `Contrassegno ${run}`);
    await saving('settings/payment-types/save', () =>
      dialog()
        .getByRole('button', { name: c('actions.save_and_close'), exact: true })
        .click(),
    );
    await page.getByText(t('it', 'messages:saved_successfully')).first().waitFor();
    await row(`Contrassegno ${run}`).waitFor();
    await screenshot(page, 'settings-it-payment-types');

    const preview = await newestLog('PaymentType');
    await preview.getByText(s('logs.types.create')).first().waitFor();
    await preview.getByRole('table').getByText(`Contrassegno ${run}`).waitFor();
    await preview
      .getByRole('button', { name: c('actions.close'), exact: true })
      .last()
      .click();
    expect(hashPath(page)).toBe('/settings/logs');
  });
});

describe('settings, as anyone else', () => {
  it('never shows the settings area to a manager', async () => {
    const other = await newPage(browser);
    await openLogin(other.page);
    await signInWithForm(other.page, ACCOUNTS.manager());
    await waitForHash(other.page, (p) => p === '/clients');
    const nav = other.page.getByRole('navigation', { name: t('bg', 'shell.navigation') });
    await nav.waitFor();
    expect(await nav.textContent()).not.toContain(t('bg', 'routes:settings'));
    // Each settings page says it is not the manager's, with no settings call made.
    const settingsCalls: string[] = [];
    other.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/settings/')) settingsCalls.push(path);
    });
    for (const path of ['/settings/users', '/settings/logs', '/settings/my-company']) {
      await other.page.goto(`${baseUrl()}/#${path}`);
      await other.page.getByRole('heading', { name: t('bg', 'errors:no_access_heading') }).waitFor();
      expect(hashPath(other.page)).toBe(path);
    }
    expect(settingsCalls).toEqual([]);
    const token = await apiToken(ACCOUNTS.manager());
    const answer = await fetch(`${baseUrl()}/api/settings/users/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
    await other.context.close();
  });
});
