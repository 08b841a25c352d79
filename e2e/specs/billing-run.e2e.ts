import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashPath, signInWithForm, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, ARTIFACTS, baseUrl, newPage, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();

/** The demo contract the billing spec generates a proforma for by hand: left unticked here, so this run does not bill it. */
const KEPT = 'Счетоводно обслужване 2026';
const r = (locale: Locale, key: string, values: Record<string, string> = {}) => t(locale, `billing-run:${key}`, values);

async function signIn(page: Page, locale: Locale = 'bg') {
  if (locale !== 'bg') await page.addInitScript((lng) => window.localStorage.setItem('_locale', lng), locale);
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('button', { name: t(locale, 'auth:submit'), exact: true }).waitFor();
  await signInWithForm(page, ACCOUNTS.manager(), locale);
  await waitForHash(page, (p) => !p.startsWith('/login'));
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

const dueTable = (page: Page, locale: Locale = 'bg') => page.getByRole('table', { name: r(locale, 'table.label') });
const dueRows = (page: Page, locale: Locale = 'bg') => dueTable(page, locale).locator('tbody tr');

/** Opens the run page from the invoice list's toolbar and waits for the month's preview. */
async function openRun(page: Page, locale: Locale = 'bg') {
  await page.goto(`${baseUrl()}/#/invoices`);
  const preview = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/billing-run/preview');
  await page.getByRole('link', { name: t(locale, 'routes:billing_run'), exact: true }).click();
  await waitForHash(page, (p) => p === '/invoices/billing-run');
  expect((await preview).status()).toBe(200);
  await dueTable(page, locale).waitFor();
}

describe('billing run', () => {
  it("a manager runs the month's billing without one contract, sees the progress and the drafts, opens one; the next run offers only that contract", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await openRun(page);
    const rows = dueRows(page);
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    const total = await rows.count();
    // The inactive client's contract is left out, with its reason.
    await page.getByText(r('bg', 'reasons.client_inactive')).first().waitFor();
    await shot(page, 'billing-run-preview-1280-bg');

    const kept = (await rows.filter({ hasText: KEPT }).count()) > 0 ? rows.filter({ hasText: KEPT }) : rows.first();
    // The row's check box is named after its contract and client.
    const keptLabel = await kept.getByRole('checkbox').getAttribute('aria-label');
    await kept.getByRole('checkbox').uncheck();
    await page.getByText(r('bg', 'due.chosen', { count: String(total - 1), total: String(total) })).waitFor();

    await page.getByRole('button', { name: r('bg', 'actions.run'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: r('bg', 'confirm.title') });
    await dialog.waitFor();
    const runs: Array<Promise<unknown>> = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/billing-run/run') runs.push(res.json());
    });
    await dialog.getByRole('button', { name: r('bg', 'actions.run'), exact: true }).click();
    await page.getByText(r('bg', 'progress.done', { total: String(total - 1) })).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const answers = (await Promise.all(runs)) as Array<{ Result: { created: Array<{ _id: string }> } }>;
    const created = answers.flatMap((answer) => answer.Result.created);
    expect(created).toHaveLength(total - 1);
    const links = page.getByRole('list', { name: r('bg', 'results.list') }).getByRole('link');
    await expect.poll(() => links.count()).toBe(total - 1);
    // The preview is read again: only the unticked contract is left.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().getByRole('checkbox').getAttribute('aria-label')).toBe(keptLabel);
    await shot(page, 'billing-run-done-1280-bg');

    // A draft opens in its editor.
    await links.first().click();
    await waitForHash(page, (p) => /^\/(invoices|proforma-invoices)\/[0-9a-f-]{36}$/.test(p));
    expect(created.map((doc) => doc._id)).toContain(hashPath(page).split('/').pop());
    const title = hashPath(page).startsWith('/invoices/') ? t('bg', 'billing:notice_title.0') : t('bg', 'billing:proforma.title');
    await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();

    // Running again: the month offers only the unticked contract.
    await openRun(page);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByRole('checkbox').getAttribute('aria-label')).toBe(keptLabel);
    await context.close();
  });

  it('looks right at 1280 and 400 px in Bulgarian and Italian', async () => {
    for (const locale of ['bg', 'it'] as const) {
      for (const width of [1280, 400]) {
        const { context, page } = await newPage(browser, { width, height: width === 400 ? 860 : 800 });
        await signIn(page, locale);
        await openRun(page, locale);
        await expect.poll(() => dueRows(page, locale).count()).toBeGreaterThan(0);
        await page.getByText(r(locale, 'reasons.client_inactive')).first().waitFor();
        await shot(page, `billing-run-${width}-${locale}`);
        await context.close();
      }
    }
  });
});
