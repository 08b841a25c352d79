import { Access, type ReminderSettingsView } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { signOutAfterEach, userOf } from '../../../test/users.ts';
import ReminderSettingsPage from './reminder-settings-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['reminders', 'settings']);
});
signOutAfterEach();

const stored: ReminderSettingsView = { enabled: true, stageDays: [7, 21, 45], updated: null };

function open(settings: ReminderSettingsView = stored, queued = 3) {
  setSessionUser(userOf(Access.admin));
  const api = mockApi({
    'GET /api/settings/reminders': () => ok(settings),
    'POST /api/settings/reminders/save': (init) =>
      ok({ ...JSON.parse(String(init?.body)), updated: '2026-04-02T10:00:00.000Z' }),
    'POST /api/receivables/reminders/run': () => ok({ queued, runDate: '2026-04-02' }),
  });
  renderWithProviders(<ReminderSettingsPage />);
  return api;
}

const bodiesOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((call) => call.url === path).map((call) => JSON.parse(String(call.init?.body)));

describe('Settings → payment reminders', () => {
  it('shows the stages, saves a change (off, two stages) and links to the templates', async () => {
    const { calls } = open();
    const on = await screen.findByRole('switch', { name: 'Изпращай напомняния всяка сутрин' });
    expect(on).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Етап 1' })).toHaveValue('7');
    expect(screen.getByRole('textbox', { name: 'Етап 2' })).toHaveValue('21');
    expect(screen.getByRole('textbox', { name: 'Етап 3' })).toHaveValue('45');
    expect(screen.queryByRole('button', { name: 'Добави етап' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Шаблони за имейли' })).toHaveAttribute('href', '/settings/mail-templates');
    const save = screen.getByRole('button', { name: 'Запази' });
    expect(save).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Премахни етап 3' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Етап 2' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Етап 2' }), '30');
    await userEvent.click(on);
    await userEvent.click(save);
    await waitFor(() =>
      expect(bodiesOf(calls, '/api/settings/reminders/save')).toEqual([{ enabled: false, stageDays: [7, 30] }]),
    );
    expect(await screen.findByText('Променени на 02.04.2026 13:00')).toBeInTheDocument();
    // Off: the run cannot be started.
    expect(screen.getByRole('button', { name: 'Изпрати напомнянията сега' })).toBeDisabled();
  });

  it('refuses stages that do not grow without calling the server, and shows the server refusal of a stage', async () => {
    const { calls } = open();
    const second = await screen.findByRole('textbox', { name: 'Етап 2' });
    await userEvent.clear(second);
    await userEvent.type(second, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Дните на етапите трябва да растат');
    expect(bodiesOf(calls, '/api/settings/reminders/save')).toEqual([]);

    await userEvent.clear(second);
    await userEvent.type(second, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await screen.findByText(/от 1 до 365 дни/)).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/settings/reminders/save')).toEqual([]);
  });

  it('shows a server refusal on the stage it names', async () => {
    setSessionUser(userOf(Access.admin));
    mockApi({
      'GET /api/settings/reminders': () => ok({ ...stored, stageDays: [7] }),
      'POST /api/settings/reminders/save': () =>
        failure(400, 'reminder_stage_days_invalid', [{ field: 'stageDays.0', message: 'reminder_stage_days_invalid' }]),
    });
    renderWithProviders(<ReminderSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Добави етап' }));
    expect(screen.getByRole('textbox', { name: 'Етап 2' })).toHaveValue('21');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    const first = screen.getByRole('textbox', { name: 'Етап 1' });
    await waitFor(() => expect(first).toHaveAccessibleDescription(/от 1 до 365 дни/));
  });

  it('the administrator runs the day now after confirming and sees how many were queued', async () => {
    const { calls } = open(stored, 4);
    await userEvent.click(await screen.findByRole('button', { name: 'Изпрати напомнянията сега' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изпращане на напомнянията' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати напомнянията сега' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('В опашката за изпращане: 4 напомняния. Ден на изпращането: 02.04.2026.');
    expect(calls.filter((call) => call.url === '/api/receivables/reminders/run')).toHaveLength(1);
  });
});
