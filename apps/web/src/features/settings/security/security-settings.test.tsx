import { Access } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { signOutAfterEach, userOf } from '../../../test/users.ts';
import { SessionsCard } from '../../../components/entities/account-security/sessions-card.tsx';
import { UserTwoFactorCard } from '../users/user-security-card.tsx';
import SecuritySettingsPage from './security-settings-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['security', 'settings']);
});
signOutAfterEach();

const bodies = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((call) => call.url === url).map((call) => JSON.parse(String(call.init?.body)));
const USER_ID = '00000000-0000-4000-8000-000000000077';

describe('Settings → security', () => {
  it('requires two-factor sign-in of staff when the administrator switches it on and saves', async () => {
    setSessionUser(userOf(Access.admin));
    const api = mockApi({
      'GET /api/settings/security': () => ok({ requireStaffMfa: false }),
      'POST /api/settings/security/save': (init) => ok(JSON.parse(String(init?.body)), 'saved_successfully'),
    });
    renderWithProviders(<SecuritySettingsPage />, { route: '/settings/security' });
    const form = await screen.findByRole('form', { name: 'Вход в системата' });
    const toggle = within(form).getByRole('switch', { name: 'Изисквай двуфакторен вход от служителите' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(within(form).getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(bodies(api.calls, '/api/settings/security/save')).toEqual([{ requireStaffMfa: true }]));
    expect(await screen.findByText('Записано успешно')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });
});

describe("the user page's second factor", () => {
  it("resets a user's two-factor sign-in after a question", async () => {
    setSessionUser(userOf(Access.admin));
    const api = mockApi({ 'POST /api/settings/users/mfa/reset': () => ok(true) });
    renderWithProviders(<UserTwoFactorCard userId={USER_ID} name="Мария Петрова" />);
    await userEvent.click(screen.getByRole('button', { name: 'Нулирай двуфакторния вход' }));
    const question = await screen.findByRole('dialog', { name: 'Нулиране на двуфакторния вход' });
    expect(within(question).getByText(/Да се нулира ли двуфакторният вход на Мария Петрова\?/)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Нулирай двуфакторния вход' }));
    expect(await screen.findByText('Двуфакторният вход на потребителя е нулиран')).toBeInTheDocument();
    expect(bodies(api.calls, '/api/settings/users/mfa/reset')).toEqual([{ userId: USER_ID }]);
  });
});

describe("the user page's sessions", () => {
  it("lists another user's sessions (no 'this device') and ends one after a question", async () => {
    setSessionUser(userOf(Access.admin));
    const other = {
      _id: '00000000-0000-4000-8000-000000000051',
      current: false,
      created: '2026-11-20T08:00:00Z',
      lastUsedAt: '2026-11-25T15:30:00Z',
      ip: '198.51.100.9',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132',
      device: '',
    };
    let sessions = [other];
    const api = mockApi({
      [`GET /api/auth/sessions?userId=${USER_ID}`]: () => ok(sessions),
      'POST /api/auth/sessions/end': () => {
        sessions = [];
        return ok(true);
      },
    });
    renderWithProviders(<SessionsCard userId={USER_ID} />);
    const list = await screen.findByRole('list', { name: 'Активни сесии' });
    expect(within(list).getByText('Неизвестно устройство')).toBeInTheDocument();
    expect(within(list).queryByText('Това устройство')).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Прекрати сесията на Неизвестно устройство' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Прекратяване на сесия' })).getByRole('button', {
        name: 'Прекрати',
      }),
    );
    expect(await screen.findByText('Няма активни сесии.')).toBeInTheDocument();
    expect(bodies(api.calls, '/api/auth/sessions/end')).toEqual([{ sessionId: other._id }]);
  });
});
