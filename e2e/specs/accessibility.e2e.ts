import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { Access, type AccessValue, type RoleName, WEB_ROUTES, type WebRoute } from '@kantora/domain';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, ARTIFACTS, baseUrl, newPage, useBrowser } from '../support/browser.ts';
import { api, createClient, issuedInvoice, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';

/**
 * WCAG 2.1 A and AA on every screen (docs/decisions.md, "Accessibility"): axe-core, the version the e2e workspace
 * pins (its source given to @axe-core/playwright), runs on every route of the route table as a role allowed to see
 * it, in both languages, with a record open where the route is one, and on the main dialogs. Any violation fails,
 * with no rule or element excluded. The keyboard checks: signing in with the keyboard alone, and each dialog takes
 * focus, keeps it, closes with Escape and gives it back to the control that opened it.
 */

type Locale = 'bg' | 'it';
const browser = useBrowser();
const run = runMark();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The violations on the page as readable lines: rule, impact, element, what fails. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(TAGS).analyze();
  const lines = result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary ?? ''}\n  ${node.html.slice(0, 300)}`,
    ),
  );
  // The whole finding beside the run's other artefacts, for whoever mends it.
  if (lines.length > 0) appendFileSync(`${ARTIFACTS}/axe-violations.txt`, `# ${page.url()}\n${lines.join('\n')}\n\n`);
  return lines;
}

/**
 * The page has settled: its main region is there, no loading indicator (an indeterminate progress bar, a skeleton)
 * is left, and no transition is running (a contrast read mid-fade would be a wrong one).
 */
async function settled(page: Page) {
  await page.locator('main').first().waitFor();
  await expect
    .poll(() => page.locator('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root').count(), {
      timeout: 30_000,
    })
    .toBe(0);
  await transitionsDone(page);
}

/** No transition or finite animation is running (spinners, which run forever, aside). */
function transitionsDone(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The role that looks at a route: the first of these the route allows. */
const ROLE_ORDER: RoleName[] = ['admin', 'manager', 'accountant', 'employee', 'client'];
function roleFor(route: WebRoute): RoleName {
  const allowed = route.roles ?? ([0, 1, 2, 3, 4] as readonly AccessValue[]);
  const role = ROLE_ORDER.find((name) => allowed.includes(Access[name]));
  if (!role) throw new Error(`no role may open ${route.path}`);
  return role;
}

/** The records the `:id` routes open: made for this spec or the demo's, found through the API. */
const ids: Record<string, string> = {};
/** The number of this spec's issued invoice (its payments dialog). */
const invoiceNumber = { value: '' };

beforeAll(async () => {
  const client = await createClient(`Достъпна ${run} ООД`, { notificationsEmails: [`a11y-${run}@client.example`] });
  const invoice = await issuedInvoice(client, [
    { name: { bg: `Консултация ${run}`, it: `Consulenza ${run}` }, price: 120, quantity: 2 },
  ]);
  ids['/clients/:id'] = client._id;
  ids['/invoices/:id'] = invoice._id;
  invoiceNumber.value = invoice.number;
  const first = async (path: string, account = ACCOUNTS.admin()) => {
    const list = await api<{ Items: Array<{ _id: string }> }>(path, { page: 1, itemsPerPage: 1 }, account);
    if (!list.Items[0]) throw new Error(`${path} has no record to open`);
    return list.Items[0]._id;
  };
  ids['/contracts/:id'] = await first('contracts/list');
  ids['/proforma-invoices/:id'] = await first('proforma-invoices/list');
  ids['/settings/users/:id'] = await first('settings/users/list');
  ids['/my-companies/:id'] = await first('my-companies/list', ACCOUNTS.client());
  ids['/my-contracts/:id'] = await first('my-contracts/list', ACCOUNTS.client());
  ids['/my-invoices/:id'] = await first('my-invoices/list', ACCOUNTS.client());
  ids['/my-proforma-invoices/:id'] = await first('my-proforma-invoices/list', ACCOUNTS.client());
});

/** One signed-in page per role and language, reused across its routes. */
const pages = new Map<string, { context: BrowserContext; page: Page }>();
async function pageOf(role: RoleName, locale: Locale): Promise<Page> {
  const key = `${role}-${locale}`;
  let opened = pages.get(key);
  if (!opened) {
    opened = await newPage(browser);
    await signIn(opened.page, ACCOUNTS[role](), locale);
    pages.set(key, opened);
  }
  return opened.page;
}
afterAll(async () => {
  for (const { context } of pages.values()) await context.close();
});

const concrete = (route: WebRoute) => {
  if (!route.path.includes(':')) return route.path;
  const id = ids[route.path];
  if (!id) throw new Error(`no record for ${route.path}`);
  return route.path.replace(/:id$/, id);
};

for (const locale of ['bg', 'it'] as const) {
  describe(`every route (${locale})`, () => {
    for (const route of WEB_ROUTES) {
      const role = roleFor(route);
      it(`${route.path} as the ${role}: no WCAG 2.1 AA violation`, async () => {
        const page = await pageOf(role, locale);
        const path = concrete(route);
        await page.goto(`${baseUrl()}/#${path}`);
        await waitForHash(page, (current) => current.startsWith(path === '/settings' ? '/settings/' : path));
        await settled(page);
        expect(await violations(page)).toEqual([]);
      });
    }

    it('the sign-in page: no WCAG 2.1 AA violation', async () => {
      const { context, page } = await newPage(browser);
      if (locale !== 'bg') await page.addInitScript((lng) => window.localStorage.setItem('_locale', lng), locale);
      await page.goto(`${baseUrl()}/#/login`);
      await page.getByRole('button', { name: t(locale, 'auth:submit'), exact: true }).waitFor();
      expect(await violations(page)).toEqual([]);
      await context.close();
    });
  });
}

/**
 * The dialog `opener` opens with Enter: named, focus inside it, Tab kept inside, no violation; Escape closes it and
 * the focus is back on the opener.
 */
async function checkDialog(page: Page, opener: Locator, dialogName: string) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  await transitionsDone(page);
  expect(await violations(page)).toEqual([]);
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press(step % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

for (const locale of ['bg', 'it'] as const) {
  const k = (key: string, values?: Record<string, string>) => t(locale, key, values);
  describe(`the main dialogs (${locale}): no violation, focus taken, kept, Escape, focus returned`, () => {
    it('payments and a new payment', async () => {
      const page = await pageOf('manager', locale);
      await page.goto(`${baseUrl()}/#/invoices`);
      const number = invoiceNumber.value;
      const opener = page.getByRole('button', {
        name: new RegExp(`^${k('billing:payments.open_of', { name: number })}: `),
      });
      await opener.waitFor();
      // The payments dialog, then the new payment's dialog over it.
      await opener.focus();
      await page.keyboard.press('Enter');
      const payments = page.getByRole('dialog', { name: k('billing:payments.title_invoice', { number }) });
      await payments.waitFor();
      await checkDialog(
        page,
        payments.getByRole('button', { name: k('billing:payments.add'), exact: true }),
        k('billing:payments.new'),
      );
      await page.keyboard.press('Escape');
      await payments.waitFor({ state: 'detached' });
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it('a new timesheet from the top bar', async () => {
      const page = await pageOf('admin', locale);
      await page.goto(`${baseUrl()}/#/clients`);
      await settled(page);
      await checkDialog(page, page.getByRole('button', { name: k('shell.add_timesheet') }), k('timesheets:dialog.new'));
    });

    it('a new document of the document flow', async () => {
      const page = await pageOf('admin', locale);
      await page.goto(`${baseUrl()}/#/documents-flow`);
      await settled(page);
      await checkDialog(
        page,
        page.getByRole('button', { name: k('documents-flow:list.add') }),
        k('documents-flow:dialog.new'),
      );
    });

    it('a new calendar event', async () => {
      const page = await pageOf('admin', locale);
      await page.goto(`${baseUrl()}/#/calendar`);
      await page.locator('.fc-view').waitFor();
      await checkDialog(
        page,
        page.getByRole('button', { name: k('calendar:toolbar.add') }),
        k('calendar:dialog.new_event'),
      );
    });

    it('a confirmation: ending a session', async () => {
      const page = await pageOf('accountant', locale);
      await page.goto(`${baseUrl()}/#/account/security`);
      const end = page
        .getByRole('button', { name: new RegExp(`^${k('security:sessions.end_named', { device: '' })}`) })
        .first();
      await end.waitFor();
      await checkDialog(page, end, k('security:sessions.end_title'));
    });
  });
}

describe('keyboard', () => {
  it('signs in with the keyboard alone', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByRole('button', { name: t('bg', 'auth:submit'), exact: true }).waitFor();
    const account = ACCOUNTS.manager();
    // Tab to the user name field from the page's start, type, Tab to the password, Enter.
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.getByLabel(t('bg', 'auth:username')).evaluate((el) => el === document.activeElement)) break;
    }
    await page.keyboard.type(account.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await waitForHash(page, (path) => !path.startsWith('/login'));
    await context.close();
  });
});
