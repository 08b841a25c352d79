import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answered as saving, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, newPage, screenshot, useBrowser } from '../support/browser.ts';
import { runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';

const browser = useBrowser();

const run = runMark();
const CLIENT = `Клиент ${run}`;
const BULSTAT = String(100_000_000 + (Date.now() % 800_000_000));
const c = (key: string) => t('bg', `clients:${key}`);
let clientPath = '';

const input = (scope: Page | Locator, name: string) => scope.locator(`input[name="${name}"]`).first();
async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).first().click();
}
async function openTab(page: Page, key: string) {
  await page.getByRole('tab', { name: c(`tabs.${key}`), exact: true }).click();
}

describe('clients', () => {
  it('a manager creates a client with its headquarters and bank in one save, then adds an office with contacts, a bank and access', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await page.goto(`${baseUrl()}/#/clients`);
    await page.getByRole('link', { name: c('list.add') }).click();
    await waitForHash(page, (p) => p === '/clients/create');

    // Save with empty cards: nothing is sent.
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/companies/save')) sent = true;
    });
    await page.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).click();
    // The cards say what is missing; by then the page has decided not to send.
    await page.getByText(t('bg', 'messages:field_is_required')).first().waitFor();
    expect(sent).toBe(false);

    await input(page, 'name.bg').fill(CLIENT);
    await input(page, 'name.it').fill(`Cliente ${run}`);
    await input(page, 'bulstat').fill(BULSTAT);
    await input(page, 'vatNumber').fill(`BG${BULSTAT}`);
    await input(page, 'phone').first().fill('+359 2 555 0101');
    // Bank card.
    await page.locator('input[name="name.bg"]').nth(1).fill('Първа банка');
    await page.locator('input[name="iban"]').fill('BG80BNBG96611020345678');
    await choose(page, page, c('fields.currency'), /BGN/);
    // Headquarters card.
    for (const [field, bg, it] of [
      ['country', 'България', 'Bulgaria'],
      ['city', 'София', 'Sofia'],
      ['street', 'ул. Витоша 1', 'via Vitosha 1'],
    ]) {
      await input(page, `${field}.bg`).fill(bg);
      await input(page, `${field}.it`).fill(it);
    }
    await page.locator('input[name="phone"]').nth(1).fill('+359 2 555 0102');
    await page.locator('input[name="email"]').nth(1).fill(`hq-${run.toLowerCase()}@example.com`);
    const saved = await saving(page, 'companies/save', () =>
      page.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).click(),
    );
    expect(saved.Result.office.isHeadquarters).toBe(true);
    expect(saved.Result.bank).toBeTruthy();
    await waitForHash(page, (p) => /^\/clients\/[^/]+$/.test(p) && p !== '/clients/create');
    clientPath = new URL(page.url()).hash.slice(1);

    // Management tabs: banks, offices, access (they appear once the saved client has loaded).
    await page.getByRole('tab').first().waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(
      [
        'banks',
        'offices',
        'contracts',
        'timesheets',
        'invoices',
        'proformaInvoices',
        'documentsFlow',
        'statement',
        'access',
      ].map((key) => c(`tabs.${key}`)),
    );

    // Banks: one from the create, add a second.
    await page.getByText('BG80BNBG96611020345678').waitFor();
    await page.getByRole('button', { name: t('bg', 'settings:banks.add') }).click();
    let dialog = page.getByRole('dialog');
    await input(dialog, 'name.bg').fill('Втора банка');
    await input(dialog, 'name.it').fill('Seconda banca');
    await input(dialog, 'address.bg').fill('София');
    await input(dialog, 'address.it').fill('Sofia');
    await input(dialog, 'iban').fill('GB82WEST12345698765432');
    await choose(page, dialog, t('bg', 'settings:fields.currency'), /EUR/);
    await saving(page, 'banks/save', () =>
      dialog.getByRole('button', { name: t('bg', 'actions.save_and_close') }).click(),
    );
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('GB82WEST12345698765432').waitFor();

    // Offices: the headquarters, add a second with two contacts.
    await openTab(page, 'offices');
    await page.getByText('ул. Витоша 1').first().waitFor();
    await page.getByRole('button', { name: c('offices.add') }).click();
    dialog = page.getByRole('dialog');
    await input(dialog, 'country.bg').fill('България');
    await input(dialog, 'city.bg').fill('Пловдив');
    await input(dialog, 'street.bg').fill('ул. Главна 5');
    await input(dialog, 'phone').fill('+359 32 555 010');
    await input(dialog, 'email').fill(`plovdiv-${run.toLowerCase()}@example.com`);
    await saving(page, 'offices/save', () =>
      dialog.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).click(),
    );
    for (const [first, last] of [
      ['Иван', 'Петров'],
      ['Мария', 'Колева'],
    ]) {
      await dialog.getByRole('button', { name: c('contacts.add') }).click();
      const row = dialog.getByRole('group', { name: c('contacts.form') });
      await input(row, 'firstName').fill(first);
      await input(row, 'lastName').fill(last);
      await input(row, 'phone').fill('0888 123 456');
      await input(row, 'email').fill(`${last.length}${first.length}-${run.toLowerCase()}@example.com`);
      await saving(page, 'offices/saveContact', () => row.getByRole('button', { name: c('contacts.save') }).click());
      await dialog.getByText(`${first} ${last}`).waitFor();
    }
    await dialog
      .getByRole('button', { name: t('bg', 'actions.close'), exact: true })
      .last()
      .click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('ул. Главна 5').first().waitFor();

    // Access: the employee manages the client.
    await openTab(page, 'access');
    await choose(page, page, c('fields.managing_users'), 'Георги Иванов');
    await page.keyboard.press('Escape');
    const access = await saving(page, 'companies/save', () =>
      page
        .getByRole('tabpanel')
        .getByRole('button', { name: t('bg', 'actions.save'), exact: true })
        .click(),
    );
    expect(access.Result.managingUsers.length).toBe(1);
    await screenshot(page, 'clients-manager-1280');
    await context.close();
  });

  it('the managing employee sees the client read-only', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.employee());
    await page.goto(`${baseUrl()}/#/clients`);
    await page.getByRole('link', { name: new RegExp(CLIENT) }).waitFor();
    expect(await page.getByRole('link', { name: c('list.add') }).count()).toBe(0);
    await page.goto(`${baseUrl()}/#${clientPath}`);
    await page.getByRole('heading', { name: CLIENT }).waitFor();
    expect(await input(page, 'name.bg').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).count()).toBe(0);
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(
      ['offices', 'contracts', 'timesheets', 'documentsFlow'].map((key) => c(`tabs.${key}`)),
    );
    await page.getByText('ул. Главна 5').first().waitFor();
    await context.close();
  });

  it('another employee sees it neither in the list nor by its address', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, { username: 'employee2@kantora.local', password: 'demo1234' });
    await page.goto(`${baseUrl()}/#/clients`);
    await page.getByRole('table').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(CLIENT).count()).toBe(0);
    await page.goto(`${baseUrl()}/#${clientPath}`);
    await page.getByText(t('bg', 'messages:the_client_was_not_found')).waitFor();
    await input(page, 'name.bg').waitFor();
    expect(await input(page, 'name.bg').inputValue()).toBe('');
    expect(await input(page, 'bulstat').inputValue()).toBe('');
    expect(await page.getByText(CLIENT).count()).toBe(0);
    await context.close();
  });

  it('an accountant sees the banks, offices and document flow tabs; the page fits a phone', async () => {
    const { context, page } = await newPage(browser, { width: 400, height: 800 });
    await signIn(page, ACCOUNTS.accountant());
    await page.goto(`${baseUrl()}/#${clientPath}`);
    await page.getByRole('heading', { name: CLIENT }).waitFor();
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(
      ['banks', 'offices', 'contracts', 'invoices', 'documentsFlow', 'statement'].map((key) => c(`tabs.${key}`)),
    );
    await page.getByText('BG80BNBG96611020345678').waitFor();
    expect(await page.getByRole('button', { name: t('bg', 'settings:banks.add') }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'clients-accountant-400');
    await context.close();
  });
});
