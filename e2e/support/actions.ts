import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';
import { t } from './i18n.ts';

/** Signs in through the form on /login (the page must show it). */
export async function signInWithForm(
  page: Page,
  account: { username: string; password: string },
  locale: 'bg' | 'it' = 'bg',
) {
  await page.getByLabel(t(locale, 'auth:username')).fill(account.username);
  await page.getByLabel(t(locale, 'auth:password'), { exact: false }).first().fill(account.password);
  await page.getByRole('button', { name: t(locale, 'auth:submit'), exact: true }).click();
}

/**
 * Opens /login and signs `account` in through the form in `locale` (stored first as the app's language when it is not
 * Bulgarian); settles once the app has left /login.
 */
export async function signIn(page: Page, account: { username: string; password: string }, locale: 'bg' | 'it' = 'bg') {
  if (locale !== 'bg') await page.addInitScript((lng) => window.localStorage.setItem('_locale', lng), locale);
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('button', { name: t(locale, 'auth:submit'), exact: true }).waitFor();
  await signInWithForm(page, account, locale);
  await waitForHash(page, (p) => !p.startsWith('/login'));
}

/**
 * Clicks and waits for the answer of `call` (its path after /api/; POST unless told); expects `status` (200) and
 * answers the body.
 */
export async function answered(
  page: Page,
  call: string,
  click: () => Promise<void>,
  options: { status?: number; method?: string } = {},
) {
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/${call}` && r.request().method() === (options.method ?? 'POST'),
  );
  await click();
  const done = await response;
  expect(done.status(), `${call}: ${await done.text()}`).toBe(options.status ?? 200);
  return done.json();
}

export async function openLogin(page: Page, query = '') {
  await page.goto(`${baseUrl()}/#/login${query}`);
  await page.getByRole('button', { name: t('bg', 'auth:submit'), exact: true }).waitFor();
}

/** The path and query after the hash. */
export function hashPath(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

export async function waitForHash(page: Page, predicate: (path: string) => boolean, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (!predicate(hashPath(page))) {
    if (Date.now() > deadline) throw new Error(`Unexpected location ${hashPath(page)}`);
    await page.waitForTimeout(100);
  }
}

/** Saves an account's language on the server, as the language menu does (specs leave shared accounts in Bulgarian). */
export async function saveLocale(account: { username: string; password: string }, locale: 'bg' | 'it') {
  const token = await apiToken(account);
  const response = await fetch(`${baseUrl()}/api/settings/users/locale/${locale}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`Saving the locale answered ${response.status}`);
}

/** A token for API calls made by the spec itself. */
export async function apiToken(account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { Result: { token: string } };
  return body.Result.token;
}
