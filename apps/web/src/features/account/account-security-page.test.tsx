import { Access, type MfaStatus, type SessionView } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { getToken } from '../../lib/token.ts';
import { failure, ok } from '../../test/render.tsx';
import { renderShell } from '../../test/shell.tsx';
import { userOf } from '../../test/users.ts';
import { signOutAfterEach } from '../../test/users.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['security']);
});
signOutAfterEach();

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `CODE${i}-ABCDE`);
const session = (id: string, overrides: Partial<SessionView> = {}): SessionView => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  current: false,
  created: '2026-11-20T08:00:00Z',
  lastUsedAt: '2026-11-25T15:30:00Z',
  ip: '10.0.0.7',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130',
  device: 'Chrome on Windows',
  ...overrides,
});
const bodies = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((call) => call.url === url).map((call) => JSON.parse(String(call.init?.body)));

let opened = 0;
function open(initial: MfaStatus, access: number = Access.client) {
  // A user of their own per test: the shell keeps its query cache per user.
  opened += 1;
  let status = initial;
  let sessions = [session('1', { current: true }), session('2', { device: 'Safari on iPhone', ip: '192.0.2.4' })];
  const api = renderShell('/clients', userOf(access, { id: `00000000-0000-4000-8000-0000000001${opened}0` }), {
    'GET /api/auth/mfa/status': () => ok(status),
    'POST /api/auth/mfa/setup': () =>
      ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Kantora:test?secret=${SECRET}` }),
    'POST /api/auth/mfa/enable': () => {
      status = { ...status, enabled: true, recoveryCodesLeft: 10 };
      return ok({ recoveryCodes: CODES });
    },
    'POST /api/auth/mfa/disable': (init) => {
      if (JSON.parse(String(init?.body)).code !== '222333') return failure(400, 'Грешен код (сървър)');
      status = { ...status, enabled: false, recoveryCodesLeft: 0 };
      return ok(true);
    },
    'GET /api/auth/sessions': () => ok(sessions),
    'POST /api/auth/sessions/end': (init) => {
      const { sessionId } = JSON.parse(String(init?.body));
      sessions = sessions.filter((one) => one._id !== sessionId);
      return ok(true);
    },
    'POST /api/auth/signOut': () => ok(true),
    'POST /api/my-companies/list': () => ok({ Items: [], Total: 0, Page: 1 }),
  });
  return Object.assign(api, { setStatus: (next: MfaStatus) => (status = next) });
}

const goToSecurity = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /^Профил:/ }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Сигурност на акаунта' }));
  return screen.findByRole('region', { name: 'Двуфакторен вход' });
};

describe('the account security page', () => {
  it('opens from the profile menu for a client user and turns two-factor sign-in on through the setup dialog', async () => {
    const api = open({ enabled: false, recoveryCodesLeft: 0, required: false }, Access.client);
    const card = await goToSecurity();
    expect(await within(card).findByText('Изключен')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Включи' }));

    const dialog = await screen.findByRole('dialog', { name: 'Включване на двуфакторен вход' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR код за приложението за удостоверяване' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const code = within(dialog).getByRole('textbox', { name: 'Код от приложението' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Потвърди и включи' }));
    expect(await within(dialog).findByText('Полето е задължително')).toBeInTheDocument();
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Потвърди и включи' }));

    const list = await within(dialog).findByRole('list', { name: 'Кодове за възстановяване' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(dialog).getByRole('button', { name: 'Изтегли като файл' })).toBeInTheDocument();
    // Escape does not lose the codes: only the button closes the dialog now.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Включване на двуфакторен вход' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запазих кодовете' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByText('Включен')).toBeInTheDocument();
    expect(within(card).getByText('Остават 10 неизползвани кода за възстановяване.')).toBeInTheDocument();
    expect(bodies(api.calls, '/api/auth/mfa/setup')).toEqual([{}]);
    expect(bodies(api.calls, '/api/auth/mfa/enable')).toEqual([{ code: '123456' }]);
  });

  it('reads the state afresh each time the page opens (a recovery code used at a sign-in changes it)', async () => {
    const api = open({ enabled: true, recoveryCodesLeft: 10, required: false }, Access.client);
    const card = await goToSecurity();
    expect(await within(card).findByText('Остават 10 неизползвани кода за възстановяване.')).toBeInTheDocument();
    api.setStatus({ enabled: true, recoveryCodesLeft: 9, required: false });
    await userEvent.click(screen.getByRole('button', { name: 'Покажи или скрий менюто' }));
    await userEvent.click((await screen.findAllByRole('link', { name: 'Моите фирми' }))[0]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my-companies'));
    const again = await goToSecurity();
    expect(await within(again).findByText('Остават 9 неизползвани кода за възстановяване.')).toBeInTheDocument();
  });

  it('turns it off with a current code', async () => {
    const api = open({ enabled: true, recoveryCodesLeft: 1, required: false }, Access.employee);
    const card = await goToSecurity();
    expect(await within(card).findByText('Остава 1 неизползван код за възстановяване.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Изключи' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изключване на двуфакторния вход' });
    const code = within(dialog).getByRole('textbox', { name: 'Код от приложението или код за възстановяване' });
    await userEvent.type(code, '999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изключи' }));
    expect(await within(dialog).findAllByText('Грешен код (сървър)')).not.toHaveLength(0);
    await userEvent.clear(code);
    await userEvent.type(code, '222 333');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изключи' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByText('Изключен')).toBeInTheDocument();
    expect(bodies(api.calls, '/api/auth/mfa/disable')).toEqual([{ code: '999999' }, { code: '222333' }]);
  });

  it('does not offer turning it off while the administrator requires it, and warns when it is off', async () => {
    open({ enabled: true, recoveryCodesLeft: 8, required: true }, Access.manager);
    const card = await goToSecurity();
    expect(await within(card).findByRole('button', { name: 'Изключи' })).toBeDisabled();
  });

  it('lists the sessions and ends another one after a question; ending this one signs out', async () => {
    const api = open({ enabled: false, recoveryCodesLeft: 0, required: true }, Access.accountant);
    await goToSecurity();
    expect(
      await screen.findByText(
        'Администраторът изисква двуфакторен вход. Включете го; при следващия вход ще ви бъде поискан.',
      ),
    ).toBeInTheDocument();
    const sessions = await screen.findByRole('list', { name: 'Активни сесии' });
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sessions).getByText('Това устройство')).toBeInTheDocument();
    expect(within(sessions).getByText(/IP адрес 192\.0\.2\.4/)).toBeInTheDocument();

    await userEvent.click(within(sessions).getByRole('button', { name: 'Прекрати сесията на Safari on iPhone' }));
    const question = await screen.findByRole('dialog', { name: 'Прекратяване на сесия' });
    await userEvent.click(within(question).getByRole('button', { name: 'Отказ' }));
    expect(bodies(api.calls, '/api/auth/sessions/end')).toEqual([]);
    await userEvent.click(
      await within(sessions).findByRole('button', { name: 'Прекрати сесията на Safari on iPhone' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Прекратяване на сесия' })).getByRole('button', {
        name: 'Прекрати',
      }),
    );
    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(1));
    expect(bodies(api.calls, '/api/auth/sessions/end')).toEqual([{ sessionId: session('2')._id }]);

    await userEvent.click(
      await within(sessions).findByRole('button', { name: 'Прекрати сесията на Chrome on Windows' }),
    );
    const last = await screen.findByRole('dialog', { name: 'Прекратяване на сесия' });
    expect(within(last).getByText(/Това е сесията на това устройство/)).toBeInTheDocument();
    await userEvent.click(within(last).getByRole('button', { name: 'Прекрати' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(getToken()).toBeNull();
  });
});
