import { sofiaDay } from '@kantora/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, hashPath, signIn, waitForHash } from '../support/actions.ts';
import { ACCOUNTS, baseUrl, newPage, screenshot, useBrowser } from '../support/browser.ts';
import { t } from '../support/i18n.ts';

type Locale = 'bg' | 'it';
const browser = useBrowser();

/** Unique titles for this run. */
const run = Date.now().toString(36).slice(-5).toUpperCase();
const ALL_DAY_TITLE = `Конференция ${run}`;
const TIMED_TITLE = `Среща ${run}`;
const OUTSIDER = { username: `e2e-cal-${run.toLowerCase()}@kantora.local`, password: 'outsider-1' };

/** The 14th–16th of next month (Europe/Sofia), as dd.MM.yyyy parts: one "next" from today's month view. */
const target = (() => {
  const [y, m] = sofiaDay().split('-').map(Number);
  const next = new Date(Date.UTC(y, m, 1));
  const mm = String(next.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = next.getUTCFullYear();
  return { day: (d: number) => `${String(d).padStart(2, '0')}.${mm}.${yyyy}` };
})();

const k = (locale: Locale, key: string, values?: Record<string, string>) => t(locale, `calendar:${key}`, values);

async function signInTo(page: Page, account: { username: string; password: string }, locale: Locale = 'bg') {
  await signIn(page, account, locale);
  await page.goto(`${baseUrl()}/#/calendar`);
  await page.locator('.fc-view').waitFor();
}

/** One period forward (a month in the month view), waiting for its events. */
async function next(page: Page, locale: Locale = 'bg') {
  const loaded = page.waitForResponse((response) => response.url().endsWith('/api/events/list'));
  await page.getByRole('button', { name: k(locale, 'toolbar.next'), exact: true }).click();
  await loaded;
}

/** Clicks a day of the shown month (outside its number and events): the day view opens and loads. */
async function openDay(page: Page, day: number) {
  const loaded = page.waitForResponse((response) => response.url().endsWith('/api/events/list'));
  await page
    .locator('.fc-daygrid-day:not(.fc-day-other) .fc-daygrid-day-frame')
    .nth(day - 1)
    .click({ position: { x: 4, y: 4 } });
  await page.locator('.fc-timeGridDay-view').waitFor();
  await loaded;
}

/** Types `dd.MM.yyyy[ HH:mm]` into a date(-time) picker: its sections take the digits one after another. */
async function typeDate(dialog: Locator, name: string, value: string) {
  const field = dialog.locator('.MuiPickersInputBase-root', { has: dialog.page().locator(`input[name="${name}"]`) });
  await field.locator('[role=spinbutton]').first().click();
  await dialog.page().keyboard.type(value.replace(/\D/g, ''));
  expect(await field.locator(`input[name="${name}"]`).inputValue()).toBe(value);
}

async function saveAndClose(page: Page, dialog: Locator) {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/events/save'));
  await dialog.getByRole('button', { name: t('bg', 'actions.save_and_close'), exact: true }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  await dialog.waitFor({ state: 'detached' });
}

async function chooseCategory(page: Page, dialog: Locator) {
  await dialog.getByRole('combobox', { name: k('bg', 'fields.category') }).click();
  await page.getByRole('option').first().click();
}

describe('the calendar', () => {
  beforeAll(async () => {
    // A staff user who is invited to nothing.
    const admin = await apiToken(ACCOUNTS.admin());
    const response = await fetch(`${baseUrl()}/api/settings/users/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        firstName: { bg: 'Петър', it: 'Pietro' },
        lastName: { bg: 'Стоянов', it: 'Stoyanov' },
        email: OUTSIDER.username,
        password: OUTSIDER.password,
        type: 0,
        access: 2,
        status: 1,
      }),
    });
    expect(response.status).toBe(200);
  });

  it('lets a manager add an all-day event and a timed event inviting two employees', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, ACCOUNTS.manager());
    await next(page);

    await page.getByRole('button', { name: k('bg', 'toolbar.add') }).click();
    let dialog = page.getByRole('dialog', { name: k('bg', 'dialog.new_event') });
    await dialog.getByLabel(k('bg', 'fields.all_day')).check();
    await typeDate(dialog, 'fromDate', target.day(14));
    await typeDate(dialog, 'toDate', target.day(16));
    await chooseCategory(page, dialog);
    await dialog.getByRole('textbox', { name: k('bg', 'fields.title') }).fill(ALL_DAY_TITLE);
    await saveAndClose(page, dialog);

    await page.getByRole('button', { name: k('bg', 'toolbar.add') }).click();
    dialog = page.getByRole('dialog', { name: k('bg', 'dialog.new_event') });
    // The form refuses an end before the start, like the server.
    await typeDate(dialog, 'fromDate', `${target.day(15)} 10:00`);
    await typeDate(dialog, 'toDate', `${target.day(15)} 09:00`);
    await chooseCategory(page, dialog);
    await dialog.getByRole('textbox', { name: k('bg', 'fields.title') }).fill(TIMED_TITLE);
    await dialog.getByRole('textbox', { name: k('bg', 'fields.comment') }).fill('Зала 2, вход от двора');
    await dialog.getByRole('button', { name: t('bg', 'actions.save'), exact: true }).click();
    await dialog.getByText(t('bg', 'messages:end_date_before_start_date')).waitFor();
    await typeDate(dialog, 'toDate', `${target.day(15)} 11:30`);
    for (const name of ['Георги Иванов', 'Елена Димитрова']) {
      const invited = dialog.getByRole('combobox', { name: k('bg', 'fields.invited') });
      await invited.click();
      await invited.fill(name.split(' ')[0]);
      await page.getByRole('option', { name }).click();
    }
    await saveAndClose(page, dialog);

    const calendar = page.locator('.fc-view');
    await calendar.getByText(ALL_DAY_TITLE).first().waitFor();
    await screenshot(page, 'calendar-month-events-bg');
    // The 15th in its day view: both events, with the time range and the employee.
    await openDay(page, 15);
    await calendar.getByText(ALL_DAY_TITLE).waitFor();
    await calendar.getByText(TIMED_TITLE).waitFor();
    await calendar.locator('.fc-event', { hasText: TIMED_TITLE }).getByText('10:00–11:30').waitFor();
    await calendar.locator('.fc-event', { hasText: TIMED_TITLE }).getByText('Мария Петрова').waitFor();
    // The comment is the hover tooltip.
    expect(await page.locator('.fc-event', { hasText: TIMED_TITLE }).getAttribute('title')).toBe(
      'Зала 2, вход от двора',
    );
    await context.close();
  });

  it('lets one invited employee accept in the app', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, ACCOUNTS.employee());
    const invites = page.getByRole('region', { name: k('bg', 'invites.title') });
    const row = invites.getByRole('row', { name: new RegExp(TIMED_TITLE) });
    await row.getByRole('button', { name: `${t('bg', 'actions.preview')}: ${TIMED_TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: k('bg', 'invitation.dialog_title') });
    await dialog.getByText('Зала 2, вход от двора').waitFor();
    await dialog.getByRole('button', { name: k('bg', 'invitation.accept') }).click();
    const confirm = page.getByRole('dialog', { name: t('bg', 'messages:accept_event_invitation_title') });
    await confirm.getByText(t('bg', 'messages:are_your_sure_accept_event_invitation')).waitFor();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/events/invitation/accept'));
    await confirm.getByRole('button', { name: k('bg', 'invitation.accept') }).click();
    expect((await answered).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('lets the other refuse with a reason on the public page, without signing in', async () => {
    const token = await apiToken({ username: 'employee2@kantora.local', password: ACCOUNTS.employee().password });
    const mine = (await (
      await fetch(`${baseUrl()}/api/events/myEventInvitations`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      Result: { _id: string; event: { title: string } }[];
    };
    const invitation = mine.Result.find((row) => row.event.title === TIMED_TITLE);
    expect(invitation).toBeDefined();

    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/#/events/invitation/${invitation!._id}`);
    await page.getByRole('heading', { name: k('bg', 'invitation.page_title') }).waitFor();
    await page.getByText(TIMED_TITLE).waitFor();
    await page.getByText(`${target.day(15)} 10:00`).waitFor();
    await screenshot(page, 'calendar-invitation-public');
    await page.getByRole('button', { name: k('bg', 'invitation.refuse') }).click();
    const reason = page.getByRole('dialog', { name: k('bg', 'invitation.refuse_title') });
    await reason.getByRole('button', { name: k('bg', 'invitation.refuse') }).click();
    await reason.getByText(t('bg', 'messages:field_is_required')).waitFor();
    await reason.getByRole('textbox', { name: k('bg', 'fields.reason') }).fill('В отпуск съм');
    await reason.getByRole('button', { name: k('bg', 'invitation.refuse') }).click();
    const confirm = page.getByRole('dialog', { name: t('bg', 'messages:refuse_event_invitation_title') });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/events/invitation/refuse'));
    await confirm.getByRole('button', { name: k('bg', 'invitation.refuse') }).click();
    expect((await answered).status()).toBe(200);
    await page.getByText(k('bg', 'invitation.thanks')).waitFor();
    // Not signed in: the sign-in page after 3 seconds.
    expect(hashPath(page)).toBe(`/events/invitation/${invitation!._id}`);
    await waitForHash(page, (p) => p === '/login', 6000);
    await page.getByRole('button', { name: t('bg', 'auth:submit'), exact: true }).waitFor();

    // Opened again, it says it was answered and offers the sign-in page.
    await page.goto(`${baseUrl()}/#/events/invitation/${invitation!._id}`);
    await page.getByText(k('bg', 'invitation.already_answered')).waitFor();
    expect(await page.getByRole('button', { name: k('bg', 'invitation.accept') }).count()).toBe(0);
    await screenshot(page, 'calendar-invitation-answered');
    await page.getByRole('button', { name: k('bg', 'invitation.go_to_login') }).click();
    await waitForHash(page, (p) => p === '/login');
    await context.close();
  });

  it('shows the manager both answers', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, ACCOUNTS.manager());
    await next(page);
    await openDay(page, 15);
    await page.locator('.fc-event', { hasText: TIMED_TITLE }).click();
    const dialog = page.getByRole('dialog', { name: TIMED_TITLE });
    const answers = dialog.getByRole('region', { name: k('bg', 'dialog.invitations') });
    await answers.getByText(k('bg', 'answer.accepted'), { exact: true }).waitFor();
    await answers.getByText(k('bg', 'answer.refused'), { exact: true }).waitFor();
    await answers.getByText(k('bg', 'answer.reason', { reason: 'В отпуск съм' })).waitFor();
    const rows = answers.getByTestId('event-invitation');
    expect(await rows.count()).toBe(2);
    expect(await rows.filter({ hasText: 'Георги Иванов' }).textContent()).toContain(k('bg', 'answer.accepted'));
    expect(await rows.filter({ hasText: 'Елена Димитрова' }).textContent()).toContain(k('bg', 'answer.refused'));
    await screenshot(page, 'calendar-event-answers');
    await context.close();
  });

  it('shows an employee who was not invited neither event', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, OUTSIDER);
    await next(page);
    await openDay(page, 15);
    expect(await page.getByText(ALL_DAY_TITLE).count()).toBe(0);
    expect(await page.getByText(TIMED_TITLE).count()).toBe(0);
    expect(await page.getByRole('region', { name: k('bg', 'invites.title') }).count()).toBe(0);
    await context.close();
  });

  for (const locale of ['bg', 'it'] as const) {
    it(`moves between month, week and day (${locale})`, async () => {
      const { context, page } = await newPage(browser);
      await page.addInitScript((lng) => window.localStorage.setItem('_locale', lng), locale);
      await signInTo(page, ACCOUNTS.manager(), locale);
      const title = page.getByTestId('calendar-title');
      const views = [
        ['toolbar.month_view', '.fc-dayGridMonth-view'],
        ['toolbar.week_view', '.fc-timeGridWeek-view'],
        ['toolbar.day_view', '.fc-timeGridDay-view'],
      ] as const;
      for (const [label, selector] of views) {
        await page.getByRole('button', { name: k(locale, label), exact: true }).click();
        await page.locator(selector).waitFor();
        await screenshot(page, `calendar-${label.slice(8, -5)}-${locale}`);
      }
      // Previous and next move the day view; a day of the month view opens its day view.
      const day = await title.textContent();
      await next(page, locale);
      expect(await title.textContent()).not.toBe(day);
      await page.getByRole('button', { name: k(locale, 'toolbar.month_view'), exact: true }).click();
      await page.locator('.fc-dayGridMonth-view').waitFor();
      await page
        .locator('.fc-daygrid-day:not(.fc-day-other) .fc-daygrid-day-frame')
        .nth(9)
        .click({ position: { x: 4, y: 4 } });
      await page.locator('.fc-timeGridDay-view').waitFor();
      await context.close();
    });
  }

  it('fits a phone', async () => {
    const { context, page } = await newPage(browser, { width: 400, height: 860 });
    await signInTo(page, ACCOUNTS.employee());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'calendar-month-narrow');
    await page.getByRole('button', { name: k('bg', 'toolbar.week_view'), exact: true }).click();
    await page.locator('.fc-timeGridWeek-view').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await screenshot(page, 'calendar-week-narrow');
    await context.close();
  });
});
