import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, ARTIFACTS, baseUrl, newPage, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();
/** The shots of the lists (LIST_SHOTS to put them elsewhere). */
const SHOTS = process.env.LIST_SHOTS ?? ARTIFACTS;

/** A demo contract with issued invoices (its invoices tab). */
async function contractWithInvoices(): Promise<string> {
  const token = await apiToken(ACCOUNTS.admin());
  const response = await fetch(`${baseUrl()}/api/invoices/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ issued: true, page: 1, itemsPerPage: 100 }),
  });
  const rows = ((await response.json()) as { Result: { Items: Array<{ contract: string | null }> } }).Result.Items;
  const contract = rows.find((row) => row.contract)?.contract;
  if (!contract) throw new Error('the demo has no contract with an issued invoice');
  return contract;
}

interface ListCase {
  name: string;
  open: (page: Page, locale: Locale) => Promise<Locator>;
  /** The header of the column that must stay whole: the paid state, the client, the duration. */
  key: string;
  /** The key column's value stays on one line (a duration is not broken). */
  oneLine?: boolean;
}

/** The list's table once its first row shows (not the loading placeholders) and it is not loading. */
async function shownTable(page: Page, name: string): Promise<Locator> {
  const table = page.getByRole('table', { name, exact: true });
  await table.locator('tbody tr').first().locator('a, button').first().waitFor();
  await page.locator('table[aria-busy="false"]').first().waitFor();
  return table;
}

const goTo = async (page: Page, path: string) => {
  await page.goto(`${baseUrl()}/#${path}`);
  await waitForHash(page, (p) => p === path);
};

let contractId = '';
const LISTS: ListCase[] = [
  {
    name: 'invoices',
    key: 'billing:fields.is_paid',
    open: async (page, locale) => {
      await goTo(page, '/invoices');
      return shownTable(page, `${t(locale, 'billing:invoice.list_title')}: ${t(locale, 'billing:tabs.issued')}`);
    },
  },
  {
    name: 'proforma-invoices',
    key: 'billing:fields.is_paid',
    open: async (page, locale) => {
      await goTo(page, '/proforma-invoices');
      return shownTable(page, `${t(locale, 'billing:proforma.list_title')}: ${t(locale, 'billing:tabs.issued')}`);
    },
  },
  {
    name: 'contract-invoices',
    key: 'billing:fields.is_paid',
    open: async (page, locale) => {
      contractId ||= await contractWithInvoices();
      await goTo(page, `/contracts/${contractId}`);
      await page.getByRole('tab', { name: t(locale, 'contracts:tabs.invoices'), exact: true }).click();
      return shownTable(page, t(locale, 'billing:invoice.list_title'));
    },
  },
  {
    name: 'contracts',
    key: 'contracts:fields.company_name',
    open: async (page, locale) => {
      await goTo(page, '/contracts');
      return shownTable(page, t(locale, 'contracts:list.title'));
    },
  },
  {
    name: 'timesheets',
    key: 'timesheets:fields.duration',
    oneLine: true,
    open: async (page, locale) => {
      await goTo(page, '/timesheets');
      return shownTable(page, t(locale, 'timesheets:list.title'));
    },
  },
];

/**
 * What is wrong with the header and the first rows of a table as the user sees it: two shown cells of a row over each
 * other (the sticky actions cell too), a text wider than its box (cut or spilling), the key column left out, out of
 * reach or broken over lines, the page wider than the window.
 */
function measure(table: Locator, keyHeader: string, oneLine: boolean): Promise<string[]> {
  return table.evaluate(
    (element, { keyHeader, oneLine }) => {
      const problems: string[] = [];
      const tableElement = element as HTMLTableElement;
      const shown = (cell: Element) => {
        const style = getComputedStyle(cell);
        const rect = cell.getBoundingClientRect();
        return style.display !== 'none' && style.visibility !== 'hidden' && rect.width > 0 && rect.height > 0;
      };
      const text = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const label = (cell: Element) =>
        text(cell) || cell.querySelector('[aria-label]')?.getAttribute('aria-label') || '(empty)';
      const rows = [tableElement.tHead?.rows[0], ...Array.from(tableElement.tBodies[0]?.rows ?? []).slice(0, 5)].filter(
        (row): row is HTMLTableRowElement => Boolean(row),
      );
      const keyIndex = Array.from(rows[0]?.cells ?? []).findIndex((cell) => text(cell) === keyHeader);
      const scroller = tableElement.parentElement as HTMLElement;
      const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
      if (document.documentElement.scrollWidth > window.innerWidth + 1)
        problems.push(
          `the page is ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`,
        );
      if (keyIndex < 0) problems.push(`no column "${keyHeader}"`);
      rows.forEach((row, rowIndex) => {
        const where = rowIndex === 0 ? 'header' : `row ${rowIndex}`;
        const cells = Array.from(row.cells).filter(shown);
        const rects = cells.map((cell) => cell.getBoundingClientRect());
        for (let i = 0; i < cells.length; i++) {
          for (let j = i + 1; j < cells.length; j++) {
            const width = Math.min(rects[i].right, rects[j].right) - Math.max(rects[i].left, rects[j].left);
            const height = Math.min(rects[i].bottom, rects[j].bottom) - Math.max(rects[i].top, rects[j].top);
            if (width > 0.5 && height > 0.5)
              problems.push(
                `${where}: "${label(cells[i])}" and "${label(cells[j])}" overlap by ${Math.round(width)} px`,
              );
          }
        }
        for (const cell of cells) {
          // The cell and every box in it: content wider than the box is cut (an ellipsis, hidden overflow) or spills out.
          // Text that only screen readers get (clipped to a pixel on purpose) is not cut.
          const boxes = [cell, ...Array.from(cell.querySelectorAll<HTMLElement>('*'))].filter(
            (box) => getComputedStyle(box).clip === 'auto',
          );
          for (const box of boxes) {
            if (box.clientWidth > 0 && box.scrollWidth > box.clientWidth + 1) {
              problems.push(
                `${where}: "${text(box) || label(cell)}" is cut (${box.scrollWidth} px in ${box.clientWidth} px)`,
              );
              break;
            }
          }
        }
        if (keyIndex < 0) return;
        const key = row.cells[keyIndex];
        if (!key || !shown(key)) {
          problems.push(`${where}: the column "${keyHeader}" is left out`);
          return;
        }
        const rect = key.getBoundingClientRect();
        const inWindow = rect.left >= -0.5 && rect.right <= window.innerWidth + 0.5;
        if (!inWindow && !scrolls)
          problems.push(`${where}: "${label(key)}" is outside the window and the table does not scroll to it`);
        if (rowIndex > 0 && oneLine) {
          // The line boxes of its words: one line has one top (within a few pixels).
          const tops: number[] = [];
          const walker = document.createTreeWalker(key, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const part of Array.from(range.getClientRects()))
              if (part.width > 0 && !tops.some((top) => Math.abs(top - part.top) < 4)) tops.push(part.top);
          }
          if (tops.length > 1) problems.push(`${where}: "${label(key)}" is broken over ${tops.length} lines`);
        }
      });
      return problems;
    },
    { keyHeader, oneLine },
  );
}

describe('the columns of the lists', () => {
  mkdirSync(SHOTS, { recursive: true });
  for (const locale of ['bg', 'it'] as const) {
    for (const width of [1280, 400]) {
      it(`at ${width} px in ${locale}: no column over another, the paid state, the client and the duration whole`, {
        timeout: 180_000,
      }, async () => {
        const { context, page } = await newPage(browser, {
          width,
          height: 800,
          locale: locale === 'it' ? 'it-IT' : 'bg-BG',
        });
        await signIn(page, ACCOUNTS.admin(), locale);
        const problems: string[] = [];
        for (const list of LISTS) {
          const table = await list.open(page, locale);
          // From the top, so the whole-page shot shows the app bar where the user sees it.
          await page.evaluate(async () => {
            await document.fonts.ready;
            window.scrollTo(0, 0);
          });
          await page.screenshot({
            path: `${SHOTS}/list-${list.name}-${width}-${locale}.png`,
            fullPage: true,
            animations: 'disabled',
          });
          for (const problem of await measure(table, t(locale, list.key), list.oneLine ?? false))
            problems.push(`${list.name}: ${problem}`);
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it('follows the window: narrowed from 1280 to 400 px the invoices leave columns out, widened again they show them', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 });
    await signIn(page, ACCOUNTS.admin(), 'bg');
    const invoices = LISTS[0];
    const name = `${t('bg', 'billing:invoice.list_title')}: ${t('bg', 'billing:tabs.issued')}`;
    await invoices.open(page, 'bg');
    // By its label, not its role: after the window narrows past the drawer's breakpoint the shell leaves
    // aria-hidden on the page (the drawer's modal opens and closes at once), which a role query would skip.
    const table = page.locator(`table[aria-label="${name}"]`);
    const header = (key: string) => table.locator('th', { hasText: t('bg', key) });
    await header('billing:fields.date').waitFor();
    await page.setViewportSize({ width: 400, height: 800 });
    await header('billing:fields.date').waitFor({ state: 'detached' });
    expect(await measure(table, t('bg', invoices.key), false)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await header('billing:fields.date').waitFor();
    await header('billing:fields.total').waitFor();
    expect(await measure(table, t('bg', invoices.key), false)).toEqual([]);
    await context.close();
  });
});
