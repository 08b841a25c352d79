import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BillingRunPreview } from '@kantora/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, hashPath, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, expectFits, newPage, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();
/** Screenshots go to the repository's .tmp/ (not committed). */
const SHOTS = join(fileURLToPath(new URL('../..', import.meta.url)), '.tmp');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The demo contract invoiced by hand for January to March 2026, so the run offers its later months as late (and the
 * billing spec generates a proforma for it by hand): the first run leaves it unticked, the second catches it up.
 */
const CAUGHT_UP = 'Счетоводно обслужване 2026';
/** A running monthly demo contract: the first run leaves it unticked, then it is invoiced by hand while the page is open. */
const BY_HAND = 'Консултации по ДДС';
const r = (locale: Locale, key: string, values: Record<string, string> = {}) => t(locale, `billing-run:${key}`, values);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** axe-core on the due periods' table (the late marks among them): no WCAG 2.1 A/AA violation. */
async function expectAxeClean(page: Page, label: string) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(
      { include: ['table'] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)).slice(0, 3),
    }));
  });
  expect([label, violations]).toEqual([label, []]);
}

const dueTable = (page: Page, locale: Locale = 'bg') => page.getByRole('table', { name: r(locale, 'table.label') });
const dueRows = (page: Page, locale: Locale = 'bg') => dueTable(page, locale).locator('tbody tr');
/** The check boxes' names: contract, client, period and, for a late one, the word (the rows' order). */
const rowLabels = async (rows: Locator) =>
  Promise.all((await rows.all()).map((row) => row.getByRole('checkbox').getAttribute('aria-label') as Promise<string>));
const lateSuffix = (locale: Locale = 'bg') => `, ${r(locale, 'late')}`;
/** dd.MM.yyyy of a period in a check box's name, as yyyy-MM-dd for ordering. */
const periodStart = (label: string) => (label.match(/(\d{2})\.(\d{2})\.(\d{4}) –/) ?? []).slice(1).reverse().join('-');

/** Opens the run page from the invoice list's toolbar and waits for the month's preview, which it answers. */
async function openRun(page: Page, locale: Locale = 'bg'): Promise<BillingRunPreview> {
  await page.goto(`${baseUrl()}/#/invoices`);
  const preview = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/billing-run/preview');
  // The page's own button (the drawer's recently visited list may name the run page too).
  await page
    .getByRole('main')
    .getByRole('link', { name: t(locale, 'routes:billing_run'), exact: true })
    .click();
  await waitForHash(page, (p) => p === '/invoices/billing-run');
  const answer = await preview;
  expect(answer.status()).toBe(200);
  await dueTable(page, locale).waitFor();
  const result = ((await answer.json()) as { Result: BillingRunPreview }).Result;
  // The table shows 25 rows a page; earlier specs may leave more due periods (a contract made in January catches up):
  // every row on one page, so that the rows counted here are all the month's.
  if (result.rows.length > 25) {
    await page.getByRole('combobox', { name: t(locale, 'common:table.rows_per_page') }).click();
    await page.getByRole('option', { name: '200', exact: true }).click();
  }
  await expect.poll(() => dueRows(page, locale).count()).toBe(result.rows.length);
  return result;
}

/** Runs the chosen rows after the confirmation; answers the documents the calls created and what they skipped. */
async function runChosen(page: Page, count: number) {
  await page.getByRole('button', { name: r('bg', 'actions.run'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: r('bg', 'confirm.title') });
  await dialog.waitFor();
  const runs: Array<Promise<unknown>> = [];
  const listener = (res: { url: () => string; json: () => Promise<unknown> }) => {
    if (new URL(res.url()).pathname === '/api/billing-run/run') runs.push(res.json());
  };
  page.on('response', listener);
  await dialog.getByRole('button', { name: r('bg', 'actions.run'), exact: true }).click();
  const done = r('bg', 'progress.done', { total: String(count) });
  await page.getByText(done).waitFor({ timeout: 30_000 });
  page.off('response', listener);
  // The run's own bar, by its name: the preview read again may show a loading bar beside it.
  expect(await page.getByRole('progressbar', { name: done }).getAttribute('aria-valuenow')).toBe('100');
  const answers = (await Promise.all(runs)) as Array<{
    Result: {
      created: Array<{ _id: string; periodFrom: string; contractName: { bg: string } }>;
      skipped: Array<{ reason: string }>;
    };
  }>;
  return {
    created: answers.flatMap((answer) => answer.Result.created),
    skipped: answers.flatMap((answer) => answer.Result.skipped),
  };
}

describe('billing run', () => {
  it('looks right at 1280 and 400 px in Bulgarian and Italian, the late periods first and marked in words', async () => {
    for (const locale of ['bg', 'it'] as const) {
      for (const width of [1280, 400]) {
        const { context, page } = await newPage(browser, { width, height: width === 400 ? 860 : 800 });
        await signIn(page, ACCOUNTS.manager(), locale);
        await openRun(page, locale);
        await expect.poll(() => dueRows(page, locale).count()).toBeGreaterThan(0);
        await page.getByText(r(locale, 'reasons.client_inactive')).first().waitFor();
        // The demo's hand-made invoices leave late periods: the first row is one, marked by the word, not a colour only.
        const first = dueRows(page, locale).first();
        expect(await first.getByRole('checkbox').getAttribute('aria-label')).toMatch(
          new RegExp(`${lateSuffix(locale)}$`),
        );
        await expect
          .poll(() => first.getByText(r(locale, 'late'), { exact: true }).filter({ visible: true }).count())
          .toBe(1);
        await expectAxeClean(page, `${width} ${locale}`);
        await expectFits(page, [r(locale, 'reasons.client_inactive')]);
        await shot(page, `billing-run-${width}-${locale}`);
        await context.close();
      }
    }
  });

  it("a manager runs the month's billing without two contracts, sees the progress and the drafts, opens one; the next run offers only those", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await openRun(page);
    const rows = dueRows(page);
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    const total = await rows.count();
    // The inactive client's contract is left out, with its reason.
    await page.getByText(r('bg', 'reasons.client_inactive')).first().waitFor();
    await shot(page, 'billing-run-preview-1280-bg');

    // Every period of the two kept contracts is unticked (the one caught up later has several).
    const kept = rows.filter({ hasText: new RegExp(`${CAUGHT_UP}|${BY_HAND}`) });
    const keptLabels = await rowLabels(kept);
    expect(keptLabels.length).toBeGreaterThan(1);
    for (const row of await kept.all()) await row.getByRole('checkbox').uncheck();
    const chosen = total - keptLabels.length;
    await page
      .getByText(r('bg', 'due.chosen', { count: String(chosen), total: String(total) }), { exact: false })
      .waitFor();

    const { created } = await runChosen(page, chosen);
    expect(created).toHaveLength(chosen);
    const links = page.getByRole('list', { name: r('bg', 'results.list') }).getByRole('link');
    await expect.poll(() => links.count()).toBe(chosen);
    // The preview is read again: only the unticked periods are left.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(keptLabels.length);
    expect(await rowLabels(rows)).toEqual(keptLabels);
    await shot(page, 'billing-run-done-1280-bg');

    // A draft opens in its editor.
    await links.first().click();
    await waitForHash(page, (p) => /^\/(invoices|proforma-invoices)\/[0-9a-f-]{36}$/.test(p));
    expect(created.map((doc) => doc._id)).toContain(hashPath(page).split('/').pop());
    const title = hashPath(page).startsWith('/invoices/')
      ? t('bg', 'billing:notice_title.0')
      : t('bg', 'billing:proforma.title');
    await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();

    // Running again: the month offers only the unticked periods.
    await openRun(page);
    await expect.poll(() => rows.count()).toBe(keptLabels.length);
    expect(await rowLabels(rows)).toEqual(keptLabels);
    await context.close();
  });

  it("catches up a contract's missed months: its late periods, oldest first, each billed once; its current month stays", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    await openRun(page);
    const rows = dueRows(page);
    const mine = rows.filter({ hasText: CAUGHT_UP });
    await expect.poll(() => mine.count()).toBeGreaterThan(1);
    const labels = await rowLabels(mine);
    const late = labels.filter((label) => label.endsWith(lateSuffix()));
    // The missed months lead, the oldest first, each marked late; the current month's period is not.
    expect(late.length).toBe(labels.length - 1);
    expect(labels.slice(0, late.length)).toEqual(late);
    expect(labels.map(periodStart)).toEqual([...labels.map(periodStart)].sort());
    for (const row of (await mine.all()).slice(0, late.length))
      await row.getByText(r('bg', 'late'), { exact: true }).filter({ visible: true }).waitFor();
    await page.getByText(r('bg', 'due.late_other', { count: String(late.length) }), { exact: false }).waitFor();

    // Only the late periods: none chosen, then each late one.
    await dueTable(page)
      .getByRole('checkbox', { name: r('bg', 'table.choose_all') })
      .uncheck();
    for (const label of late) await page.getByRole('checkbox', { name: label, exact: true }).check();
    const { created } = await runChosen(page, late.length);
    expect(created.map((doc) => doc.contractName.bg)).toEqual(late.map(() => CAUGHT_UP));
    expect(created.map((doc) => doc.periodFrom)).toEqual(late.map(periodStart));
    expect(new Set(created.map((doc) => doc.periodFrom)).size).toBe(late.length);
    // The preview is read again: the contract's current month is left, not late; no late period anywhere.
    await expect.poll(async () => (await rowLabels(mine)).length, { timeout: 15_000 }).toBe(1);
    expect(await rowLabels(mine)).toEqual(labels.slice(late.length));
    expect((await rowLabels(rows)).filter((label) => label.endsWith(lateSuffix()))).toEqual([]);
    await shot(page, 'billing-run-caught-up-1280-bg');

    // Opened again, the caught-up periods are not offered a second time.
    await openRun(page);
    expect(await rowLabels(mine)).toEqual(labels.slice(late.length));
    await context.close();
  });

  it('bills nothing twice: a period invoiced by hand while the page is open is skipped as billed and leaves the list', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ACCOUNTS.manager());
    const preview = await openRun(page);
    const rows = dueRows(page);
    const row = preview.rows.find((candidate) => candidate.contractName.bg === BY_HAND);
    expect(row).toBeDefined();
    await expect.poll(() => rows.filter({ hasText: BY_HAND }).count()).toBe(1);

    // Meanwhile someone invoices the contract's period by hand (a draft of the contract dated in the period).
    const token = await apiToken(ACCOUNTS.manager());
    const day = row!.periodFrom;
    const saved = await fetch(`${baseUrl()}/api/invoices/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        customerId: row!.customerId,
        contract: row!.contractId,
        date: day,
        taxDate: day,
        paymentDeadlineDate: day,
      }),
    });
    expect(saved.status).toBe(200);

    // The page still offers it: the run skips it as billed and makes nothing.
    await dueTable(page)
      .getByRole('checkbox', { name: r('bg', 'table.choose_all') })
      .uncheck();
    await rows.filter({ hasText: BY_HAND }).getByRole('checkbox').check();
    const { created, skipped } = await runChosen(page, 1);
    expect(created).toEqual([]);
    expect(skipped.map((item) => item.reason)).toEqual(['billed']);
    await page.getByText(r('bg', 'results.billed_one', { count: '1' })).waitFor();
    await expect.poll(() => rows.filter({ hasText: BY_HAND }).count(), { timeout: 15_000 }).toBe(0);
    await shot(page, 'billing-run-billed-by-hand-1280-bg');
    await openRun(page);
    expect(await rows.filter({ hasText: BY_HAND }).count()).toBe(0);
    await context.close();
  });
});
