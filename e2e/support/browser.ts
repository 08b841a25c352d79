import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

/** Debian's Chromium, headless, with the network noise off (support/chromium.ts). */
export async function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

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

export async function screenshot(page: Page, name: string) {
  // Transitions (a dialog fading in, the drawer sliding) are finished at once, so the shot shows the settled page.
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}
