import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { answered, signInWithForm, waitForHash } from '../support/actions.ts';
import { baseUrl, expectFits, newPage, shot, useBrowser } from '../support/browser.ts';
import { api, runMark } from '../support/data.ts';
import { t } from '../support/i18n.ts';
import { waitForMail } from '../support/mail.ts';

/**
 * Account security as a user meets it: a forgotten password reset through the mail the run's SMTP server receives;
 * two-factor sign-in turned on from the account's page (the test's "phone" computes the codes from the key shown),
 * then signing in with a code and with a recovery code. Each test has its own fresh employee account.
 */

type Locale = 'bg' | 'it';
const browser = useBrowser();
const run = runMark().toLowerCase();
const s = (locale: Locale, key: string, values?: Record<string, string>) => t(locale, `security:${key}`, values);
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** A fresh active employee with `password`. */
async function employee(label: string, password: string) {
  const email = `e2e-${label}-${run}@kantora.local`;
  await api('settings/users/save', {
    firstName: { bg: 'Сигурна', it: 'Sicura' },
    lastName: { bg: `Служителка ${label} ${run}`, it: `Impiegata ${label} ${run}` },
    email,
    password,
    type: 0,
    access: 2,
    status: 1,
  });
  return { username: email, password };
}

async function openLogin(locale: Locale, width = 1280) {
  const opened = await newPage(browser, { width, height: width < 600 ? 860 : 800 });
  if (locale !== 'bg') await opened.page.addInitScript((lng) => window.localStorage.setItem('_locale', lng), locale);
  await opened.page.goto(`${baseUrl()}/#/login`);
  await button(opened.page, t(locale, 'auth:submit')).waitFor();
  return opened;
}

describe('a forgotten password', () => {
  it('is reset through the link the mail brings: the old password stops working, the new one signs in', async () => {
    const account = await employee('reset', 'old-pass-1');
    const { context, page } = await openLogin('bg');
    await page.getByRole('link', { name: t('bg', 'auth:forgot_password') }).click();
    await waitForHash(page, (path) => path.startsWith('/forgot-password'));
    await page.getByRole('textbox', { name: s('bg', 'forgot.email') }).fill(account.username);
    await answered(page, 'auth/forgotPassword', () => button(page, s('bg', 'forgot.submit')).click());
    await page.getByText(s('bg', 'forgot.sent', { email: account.username })).waitFor();

    const mail = await waitForMail((one) => one.envelope.to.includes(account.username));
    const link = /https?:\/\/\S+\/#\/reset-password\?token=[\w-]+/.exec(mail.parsed.text ?? '')?.[0];
    expect(link, mail.parsed.text).toBeDefined();
    await page.goto((link as string).replace(/^https?:\/\/[^/]+/, baseUrl()));
    // Labels end with the required mark.
    await page.getByLabel(s('bg', 'reset.password')).fill('new-pass-2');
    await page.getByLabel(s('bg', 'reset.repeat')).fill('new-pass-2');
    await answered(page, 'auth/resetPassword', () => button(page, s('bg', 'reset.submit')).click());
    await waitForHash(page, (path) => path.startsWith('/login'));
    await page.getByText(s('bg', 'reset.done')).waitFor();

    await signInWithForm(page, account);
    await page.getByText(t('bg', 'messages:invalid_credentials')).waitFor();
    await signInWithForm(page, { ...account, password: 'new-pass-2' });
    await waitForHash(page, (path) => !path.startsWith('/login'));

    // The link worked once.
    const again = await fetch(`${baseUrl()}/api/auth/resetPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(link as string).hash.split('token=')[1], password: 'third-pass-3' }),
    });
    expect(again.status).toBe(400);
    await context.close();
  });
});

describe('two-factor sign-in', () => {
  const account = { username: '', password: 'two-factor-1' };
  const secret = { value: '' };
  const recoveryCodes: string[] = [];
  /** The code the phone shows `steps` 30-second steps from now. */
  const code = (steps = 0) => generate({ secret: secret.value, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

  beforeAll(async () => {
    Object.assign(account, await employee('mfa', account.password));
  });

  async function signedIn(locale: Locale, width = 1280) {
    const opened = await openLogin(locale, width);
    await signInWithForm(opened.page, account, locale);
    await waitForHash(opened.page, (path) => !path.startsWith('/login'));
    return opened;
  }

  it('is turned on from the account page: the QR code and the key, a code confirms, ten recovery codes', async () => {
    const { context, page } = await signedIn('bg');
    await page.getByRole('button', { name: new RegExp(t('bg', 'shell.profile')) }).click();
    await page.getByRole('menuitem', { name: t('bg', 'routes:account_security') }).click();
    await waitForHash(page, (path) => path.startsWith('/account/security'));
    await button(page, s('bg', 'two_factor.turn_on')).click();
    const dialog = page.getByRole('dialog', { name: s('bg', 'setup.title') });
    await dialog.getByRole('img', { name: s('bg', 'setup.qr_label') }).waitFor();
    secret.value = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret.value).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, 'two-factor-setup-1280-bg');
    await dialog.getByRole('textbox', { name: s('bg', 'code.label') }).fill(await code());
    await answered(page, 'auth/mfa/enable', () => button(page, s('bg', 'setup.confirm')).click());
    const codes = dialog.getByRole('list', { name: s('bg', 'recovery.title') }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    recoveryCodes.push(...(await codes.allTextContents()));
    await shot(page, 'two-factor-recovery-codes-1280-bg');
    await button(page, s('bg', 'recovery.saved')).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(s('bg', 'two_factor.on'), { exact: true }).waitFor();
    await context.close();
  });

  it('signs in with the password and then a code from the phone', async () => {
    const { context, page } = await openLogin('bg');
    await signInWithForm(page, account);
    const field = page.getByRole('textbox', { name: s('bg', 'code.label') });
    await field.waitFor();
    await shot(page, 'two-factor-sign-in-1280-bg');
    // The next step's code: the one used to turn it on may still be current, and a used code is refused.
    await field.fill(await code(1));
    await answered(page, 'auth/mfa/verify', () => button(page, s('bg', 'sign_in.verify')).click());
    await waitForHash(page, (path) => !path.startsWith('/login'));
    await context.close();
  });

  it('signs in with a recovery code once; the same code is refused the second time', async () => {
    for (const attempt of [1, 2]) {
      const { context, page } = await openLogin('bg');
      await signInWithForm(page, account);
      await button(page, s('bg', 'sign_in.use_recovery')).click();
      await page.getByRole('textbox', { name: s('bg', 'code.label_recovery') }).fill(recoveryCodes[0]);
      await answered(page, 'auth/mfa/verify', () => button(page, s('bg', 'sign_in.verify')).click(), {
        status: attempt === 1 ? 200 : 400,
      });
      if (attempt === 1) await waitForHash(page, (path) => !path.startsWith('/login'));
      // Under the field (and in the toast).
      else await page.getByText(t('bg', 'messages:mfa_code_invalid')).first().waitFor();
      await context.close();
    }
  });

  for (const [locale, width] of [
    ['it', 1280],
    ['bg', 400],
    ['it', 400],
  ] as const) {
    it(`shows the code step and the setup at ${width} px (${locale})`, async () => {
      const login = await openLogin(locale, width);
      await signInWithForm(login.page, account, locale);
      await login.page.getByRole('textbox', { name: s(locale, 'code.label') }).waitFor();
      await expectFits(login.page);
      await shot(login.page, `two-factor-sign-in-${width}-${locale}`);
      await login.context.close();

      // The setup as a user without a second factor sees it.
      const other = await employee(`setup-${locale}-${width}`, 'setup-pass-1');
      const { context, page } = await openLogin(locale, width);
      await signInWithForm(page, other, locale);
      await waitForHash(page, (path) => !path.startsWith('/login'));
      await page.goto(`${baseUrl()}/#/account/security`);
      await button(page, s(locale, 'two_factor.turn_on')).click();
      const dialog = page.getByRole('dialog', { name: s(locale, 'setup.title') });
      await dialog.getByRole('img', { name: s(locale, 'setup.qr_label') }).waitFor();
      await expectFits(page);
      await shot(page, `two-factor-setup-${width}-${locale}`);
      await context.close();
    });
  }
});
