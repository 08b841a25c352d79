import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';

const browser = useBrowser();

/** The design's budget: the sign-in page ships at most 250 KB of gzipped JavaScript. */
describe('first load', () => {
  it('ships at most 250 KB of gzipped JavaScript for the sign-in page', async () => {
    const { context, page } = await newPage(browser);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByRole('button', { name: t('bg', 'auth:submit'), exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(`sign-in page: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(250 * 1024);
    // No area's code is loaded before it is needed.
    expect([...scripts.keys()].some((url) => /calendar|fullcalendar/i.test(url))).toBe(false);
    await context.close();
  });
});
