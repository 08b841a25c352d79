import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { FAILURES, openPages } from './browser.ts';

const safe = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

let before = new Set<Page>();
beforeEach(() => {
  before = new Set(openPages());
});

// Runs after the test has settled: its state says whether it failed. The pages it opened are still open then (its
// context.close() was not reached); those left open by earlier tests are left out.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const open = openPages().filter((page) => !page.isClosed());
  // A spec that shares one page across its tests opened it before them.
  const opened = open.filter((page) => !before.has(page));
  const pages = opened.length > 0 ? opened : open;
  if (pages.length === 0) return;
  const folder = join(FAILURES, basename(task.file.name).replace(/\.e2e\.ts$/, ''));
  mkdirSync(folder, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const name = `${safe(task.name)}${index === 0 ? '' : `-${index + 1}`}`;
    try {
      await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true, timeout: 10_000 });
      writeFileSync(join(folder, `${name}.html`), await page.content());
    } catch (error) {
      writeFileSync(join(folder, `${name}.txt`), `Could not save the page ${page.url()}: ${error}`);
    }
  }
});
