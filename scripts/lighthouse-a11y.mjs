// Lighthouse's accessibility score of the sign-in page, the clients list and an issued invoice, against a running app
// (`npm start`, demo data). Usage: node scripts/lighthouse-a11y.mjs [base URL, default http://localhost:8080]
// Chromium (CHROMIUM, default /usr/bin/chromium) runs headless with a debugging port; the manager signs in through the
// form, then Lighthouse 12 (fetched by npx, not a dependency) audits each page on that port without resetting storage,
// so the signed-in pages keep the session.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
const port = 9300 + Math.floor(Math.random() * 600);
const dir = mkdtempSync(join(tmpdir(), 'lighthouse-a11y-'));
const browser = spawn(
  process.env.CHROMIUM ?? '/usr/bin/chromium',
  [
    '--headless',
    '--no-sandbox',
    '--no-first-run',
    `--user-data-dir=${join(dir, 'profile')}`,
    `--remote-debugging-port=${port}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

/** Chromium answers on its debugging port. */
async function waitForPort() {
  for (let tries = 0; tries < 100; tries++) {
    if (
      await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('chromium did not start');
}

function audit(name, url) {
  const out = join(dir, `${name}.json`);
  const run = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      `--port=${port}`,
      '--only-categories=accessibility',
      '--disable-storage-reset',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const failed = Object.values(report.audits)
    .filter((audit) => audit.score === 0)
    .map((audit) => `${audit.id} at ${(audit.details?.items ?? []).map((item) => item.node?.snippet).join(' ')}`);
  console.log(
    `${name}: ${Math.round(report.categories.accessibility.score * 100)}${failed.length ? ` (failing: ${failed.join(', ')})` : ''}`,
  );
}

try {
  await waitForPort();
  audit('sign-in', `${base}/#/login`);
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await cdp.contexts()[0].newPage();
  await page.goto(`${base}/#/login`);
  await page.fill('input[name="username"]', 'manager@kantora.local');
  await page.fill('input[name="password"]', 'demo1234');
  await page.press('input[name="password"]', 'Enter');
  await page.waitForFunction(() => !window.location.hash.startsWith('#/login'));
  const invoice = await page.evaluate(async () => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )kantora_token=([^;]*)/)?.[1] ?? '');
    const response = await fetch('/api/invoices/list', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, itemsPerPage: 20 }),
    });
    const items = (await response.json()).Result.Items;
    return (items.find((item) => item.number) ?? items[0])._id;
  });
  await page.close();
  await cdp.close();
  audit('clients', `${base}/#/clients`);
  audit('invoice', `${base}/#/invoices/${invoice}`);
} finally {
  const exited = new Promise((resolve) => browser.once('exit', resolve));
  browser.kill();
  await exited;
  rmSync(dir, { recursive: true, force: true });
}
