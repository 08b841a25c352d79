import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));
/** Where a failed test leaves its pages: failures/<spec>/<test>.{png,html} (support/failures.ts; scripts/test.mjs prints it). */
export const FAILURES = `${ARTIFACTS}/failures`;

/** The browsers launched in this spec file and not closed yet (a failed test's pages are found through them). */
export const launched = new Set<Browser>();

/** Debian's Chromium, headless, with the network noise off (support/chromium.ts). */
export async function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/** Every page open in the launched browsers. */
export const openPages = (): Page[] =>
  [...launched].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));

/**
 * The spec file's one browser: launched before its tests, closed after them. Answers a stand-in that forwards to
 * the launched browser, so a spec uses it as a Browser from its tests on.
 */
export function useBrowser(): Browser {
  let current: Browser | undefined;
  beforeAll(async () => {
    current = await launch();
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as Browser, {
    get: (_target, key) => {
      if (!current) throw new Error('the browser is launched before the tests');
      const value = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

export const baseUrl = () => inject('baseUrl');
export const adminPassword = () => inject('adminPassword');
export const DEMO_PASSWORD = 'demo1234';

export const ACCOUNTS = {
  admin: () => ({ username: 'admin@kantora.local', password: adminPassword() }),
  manager: () => ({ username: 'manager@kantora.local', password: DEMO_PASSWORD }),
  employee: () => ({ username: 'employee@kantora.local', password: DEMO_PASSWORD }),
  accountant: () => ({ username: 'accountant@kantora.local', password: DEMO_PASSWORD }),
  client: () => ({ username: 'client@kantora.local', password: DEMO_PASSWORD }),
};

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'bg-BG',
    timezoneId: 'Europe/Sofia',
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * A shot of the window once dialogs and menus have faded in; `full` takes the whole page from its top (a whole-page
 * shot draws the fixed top bar where the window is scrolled to).
 */
export async function shot(page: Page, name: string, full = false) {
  if (full) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container, .MuiPopover-paper')].every(
      (el) => getComputedStyle(el).opacity === '1',
    ),
  );
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: full, animations: 'disabled' });
}

/** The page has no horizontal scroll (a pixel of rounding aside) and shows each of `texts`. */
export async function expectFits(page: Page, texts: Array<string | RegExp> = []) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`the page is ${overflow} px wider than the window`);
  for (const text of texts) await page.getByText(text).first().waitFor();
}

export async function screenshot(page: Page, name: string) {
  // Transitions (a dialog fading in, the drawer sliding) are finished at once, so the shot shows the settled page.
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}
