import { Access, canAccess, drawerRoutes, Permissions, type RoleName } from '@kantora/domain';
import { describe, expect, it } from 'vitest';
import { apiToken, hashPath, openLogin, saveLocale, signInWithForm, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, newPage, screenshot, useBrowser } from '../support/browser.ts';
import { either, t } from '../support/i18n.ts';

const browser = useBrowser();

describe('sign-in and the route guard', () => {
  it('sends a signed-out user to /login with the redirect, and back there after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/#/invoices`);
    await waitForHash(page, (p) => p.startsWith('/login'));
    expect(hashPath(page)).toBe('/login?redirect=/invoices');
    await page.getByText(t('bg', 'test_banner.title')).waitFor();
    await signInWithForm(page, ACCOUNTS.manager());
    await waitForHash(page, (p) => p === '/invoices');
    await page.waitForFunction((title) => document.title === title, `${t('bg', 'routes:invoices')} | Kantora`);
    await context.close();
  });

  it('says the credentials are wrong and stays on /login', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    await signInWithForm(page, { username: 'manager@kantora.local', password: 'wrong-password' });
    await page.getByText(t('bg', 'messages:invalid_credentials')).waitFor();
    expect(hashPath(page)).toMatch(/^\/login/);
    await context.close();
  });

  it('asks for both fields before calling the server', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/signIn')) calls += 1;
    });
    await page.getByRole('button', { name: t('bg', 'auth:submit'), exact: true }).click();
    expect(await page.getByText(t('bg', 'messages:field_is_required')).count()).toBe(2);
    expect(calls).toBe(0);
    await context.close();
  });

  it('sends a signed-in user who opens /login to the first visible route, lands clients on their portal, and says a staff page is not theirs', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    await signInWithForm(page, ACCOUNTS.client());
    await waitForHash(page, (p) => p === '/my-companies');
    // Typing /login into the address bar: a fresh load with the session cookie.
    await page.goto(`${baseUrl()}/#/login`);
    await page.reload();
    await waitForHash(page, (p) => p === '/my-companies', 30_000);
    // A staff route is not for a client user: the page says so, and the way to the portal is offered.
    await page.goto(`${baseUrl()}/#/clients`);
    await page.getByRole('heading', { name: t('bg', 'errors:no_access_heading') }).waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: t('bg', 'errors:go_home') })
      .click();
    await waitForHash(page, (p) => p === '/my-companies');
    await context.close();
  });
});

describe('the shell', () => {
  const roles: RoleName[] = ['admin', 'manager', 'employee', 'accountant', 'client'];
  for (const role of roles) {
    it(`shows ${role} only the permitted routes in the drawer`, async () => {
      const { context, page } = await newPage(browser);
      await openLogin(page);
      await signInWithForm(page, ACCOUNTS[role]());
      const nav = page.getByRole('navigation', { name: t('bg', 'shell.navigation') });
      await nav.waitFor();
      const expected = drawerRoutes(Access[role])
        .filter((route) => !route.parent)
        .map((route) => t('bg', `routes:${route.title}`));
      for (const title of expected) await nav.getByText(title, { exact: true }).first().waitFor();
      const shown = (await nav.locator('a, [role="button"]').allTextContents())
        .map((text) => text.trim())
        .filter(Boolean);
      for (const title of expected) expect(shown).toContain(title);
      const forbidden = ['clients', 'invoices', 'settings', 'timesheets', 'proforma_invoices', 'my_companies']
        .filter((title) => !drawerRoutes(Access[role]).some((route) => route.title === title))
        .map((title) => t('bg', `routes:${title}`));
      for (const title of forbidden) expect(shown).not.toContain(title);
      // The top bar's add-timesheet button is there for the roles with timesheets only (not client, not accountant).
      const withTimesheets = canAccess(Permissions.timesheets, Access[role]);
      expect(await page.getByRole('button', { name: t('bg', 'shell.add_timesheet') }).count()).toBe(
        withTimesheets ? 1 : 0,
      );
      await screenshot(page, `shell-${role}`);
      await context.close();
    });
  }

  it('switches to Italian, saves it on the server, and keeps it after a reload and a new sign-in', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    await signInWithForm(page, ACCOUNTS.accountant());
    await waitForHash(page, (p) => p === '/clients');
    await page.getByRole('button', { name: t('bg', 'shell.language') }).click();
    await page.getByRole('menuitem', { name: t('bg', 'languages.it') }).click();
    // The app saves the choice and reloads itself in Italian.
    await page.getByRole('navigation', { name: t('it', 'shell.navigation') }).waitFor({ timeout: 45_000 });
    await page.reload();
    await page.getByRole('navigation', { name: t('it', 'shell.navigation') }).waitFor();
    await page.waitForFunction((title) => document.title === title, `${t('it', 'routes:clients')} | Kantora`);
    await screenshot(page, 'shell-it');
    await context.close();

    // A new browser with nothing stored takes the saved locale from the server after sign-in.
    const fresh = await newPage(browser);
    await openLogin(fresh.page);
    await signInWithForm(fresh.page, ACCOUNTS.accountant());
    await fresh.page.getByRole('navigation', { name: t('it', 'shell.navigation') }).waitFor();
    await fresh.context.close();
    // Later specs sign in as the accountant and read Bulgarian.
    await saveLocale(ACCOUNTS.accountant(), 'bg');
  });

  it('shows the 404 page for an unknown path, reports it to the server, and offers the way home', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    await signInWithForm(page, ACCOUNTS.employee());
    await waitForHash(page, (p) => p === '/clients');
    const reported = page.waitForRequest((request) => request.url().includes('/api/error/notFound'));
    await page.goto(`${baseUrl()}/#/no-such-place`);
    expect(new URL((await reported).url()).searchParams.get('path')).toBe('/no-such-place');
    await page.getByText(t('bg', 'errors:not_found_heading')).waitFor();
    await page.getByText(t('bg', 'errors:not_found_text')).first().waitFor();
    await screenshot(page, 'not-found');
    await page.getByText(t('bg', 'errors:go_home')).click();
    await waitForHash(page, (p) => p === '/clients');
    await context.close();
  });

  it('returns to sign-in with the session-expired message when a call answers 401', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    await signInWithForm(page, ACCOUNTS.manager());
    await waitForHash(page, (p) => p === '/clients');
    // End the page's token behind its back, then make the app call the server.
    const cookies = await context.cookies();
    const token = cookies.find((cookie) => cookie.name === 'kantora_token')?.value;
    expect(token).toBeTruthy();
    expect(cookies.find((cookie) => cookie.name === 'kantora_token')?.expires).toBe(-1);
    const out = await fetch(`${baseUrl()}/api/auth/signOut`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    // Any call the app makes now answers 401: opening the calendar loads its events.
    await page.goto(`${baseUrl()}/#/calendar`);
    await waitForHash(page, (p) => p.startsWith('/login'));
    expect(hashPath(page)).toContain('notify=session_expired');
    await page.getByText(either('messages:session_expired')).waitFor();
    await context.close();
  });

  it('signs out from the profile menu and ends the token', async () => {
    const { context, page } = await newPage(browser);
    await openLogin(page);
    await signInWithForm(page, ACCOUNTS.employee());
    await waitForHash(page, (p) => p === '/clients');
    const token = (await context.cookies()).find((cookie) => cookie.name === 'kantora_token')?.value;
    await page.getByRole('button', { name: t('bg', 'shell.profile') }).click();
    await page.getByRole('menuitem', { name: t('bg', 'shell.sign_out') }).click();
    await waitForHash(page, (p) => p.startsWith('/login'));
    const me = await fetch(`${baseUrl()}/api/auth/getCurrentUserInfo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);
    await page.goto(`${baseUrl()}/#/calendar`);
    await waitForHash(page, (p) => p === '/login?redirect=/calendar');
    await context.close();
  });

  it('closes the drawer on a narrow screen and opens it with the toggle', async () => {
    const { context, page } = await newPage(browser, { width: 400, height: 800 });
    await openLogin(page);
    await screenshot(page, 'login-narrow');
    await signInWithForm(page, ACCOUNTS.manager());
    await waitForHash(page, (p) => p === '/clients');
    const nav = page.getByRole('navigation', { name: t('bg', 'shell.navigation') });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: t('bg', 'shell.toggle_drawer') }).click();
    await nav.waitFor({ state: 'visible' });
    await screenshot(page, 'shell-narrow-open');
    await context.close();
  });
});

it('keeps a token usable by the API for the same user', async () => {
  const token = await apiToken(ACCOUNTS.manager());
  const me = await fetch(`${baseUrl()}/api/auth/getCurrentUserInfo`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await me.json()) as { Result: { access: number } }).Result.access).toBe(Access.manager);
});
