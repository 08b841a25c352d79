import { Access } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetEnvironment } from '../../lib/environment.ts';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { getToken } from '../../lib/token.ts';
import { authorizationOf, failure, mockApi, ok } from '../../test/render.tsx';
import { renderApp } from '../../test/shell.tsx';

const manager = {
  id: 'u1',
  fullName: { bg: 'Иван Иванов', it: 'Ivan Ivanov' },
  access: Access.manager,
  isProduction: false,
  locale: 'bg',
  email: 'manager@kantora.local',
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = [
  'ABCDE-FGHIJ',
  'KLMNO-PQRST',
  'UVWXY-Z2345',
  '6723A-BCDEF',
  'GHIJK-LMNOP',
  'QRSTU-VWXYZ',
  '23456-7ABCD',
  'EFGHI-JKLMN',
  'OPQRS-TUVWX',
  'YZ234-567AB',
];

beforeAll(async () => {
  await i18n.loadNamespaces(['security']);
});
beforeEach(() => {
  setSessionUser(null);
  forgetEnvironment();
});
afterEach(() => vi.unstubAllGlobals());

const location = () => screen.getByTestId('location').textContent;
const body = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((call) => call.url === url).map((call) => JSON.parse(String(call.init?.body)));
const signIn = async () => {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Потребителско име' }), 'manager@kantora.local');
  await userEvent.type(screen.getByLabelText(/^Парола/), 'demo1234');
  await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
};

describe('the sign-in second step', () => {
  it('starts the sign-in again when the required setup outlives its step token', async () => {
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ mfaRequired: true, mfaToken: 'mfa-late', mfaSetupRequired: true }),
      'POST /api/auth/mfa/setup': () => ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Kantora:m?secret=${SECRET}` }),
      'POST /api/auth/mfa/enable': () => failure(401, 'session_expired'),
    });
    renderApp('/login');
    await signIn();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Код от приложението' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Потвърди и включи' }));
    expect(await screen.findByRole('button', { name: 'Вход' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('asks for the app code after the password and signs in with it (no token before)', async () => {
    let verified = 0;
    const api = mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ mfaRequired: true, mfaToken: 'mfa-1' }),
      'POST /api/auth/mfa/verify': () =>
        ++verified === 1
          ? failure(400, 'Грешен код (текстът на сървъра)')
          : ok({ token: 'tok-mfa', expiration: '2030-01-01T00:00:00Z' }),
      'GET /api/auth/getCurrentUserInfo': () => ok(manager),
    });
    renderApp('/login?redirect=%2Fcontracts');
    await signIn();
    const code = await screen.findByRole('textbox', { name: 'Код от приложението' });
    expect(getToken()).toBeNull();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('heading', { name: 'Потвърждение на входа' })).toBeInTheDocument();

    // A wrong code: said under the field (and in a toast), the field emptied, still no token.
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Потвърди' }));
    expect(await screen.findAllByText('Грешен код (текстът на сървъра)')).not.toHaveLength(0);
    expect(code).toHaveValue('');
    expect(getToken()).toBeNull();

    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Потвърди' }));
    await waitFor(() => expect(location()).toBe('/contracts'));
    expect(getToken()).toBe('tok-mfa');
    expect(body(api.calls, '/api/auth/mfa/verify')).toEqual([
      { mfaToken: 'mfa-1', code: '111111' },
      { mfaToken: 'mfa-1', code: '123456' },
    ]);
    // The second step sends no bearer token (there is none yet).
    const verify = api.calls.find((call) => call.url === '/api/auth/mfa/verify');
    expect(authorizationOf(verify?.init)).toBeUndefined();
  });

  it('switches to a recovery code and back to the password step', async () => {
    const api = mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ mfaRequired: true, mfaToken: 'mfa-2' }),
      'POST /api/auth/mfa/verify': () => ok({ token: 'tok-rec', expiration: '2030-01-01T00:00:00Z' }),
      'GET /api/auth/getCurrentUserInfo': () => ok(manager),
    });
    renderApp('/login');
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Използвай код за възстановяване' }));
    const recovery = screen.getByRole('textbox', { name: 'Код за възстановяване' });
    expect(recovery).toHaveAttribute('autocomplete', 'off');
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(await screen.findByRole('textbox', { name: 'Потребителско име' })).toHaveValue('manager@kantora.local');
    expect(screen.getByLabelText(/^Парола/)).toHaveValue('');

    await userEvent.type(screen.getByLabelText(/^Парола/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Използвай код за възстановяване' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Код за възстановяване' }), ' abcde-fghij ');
    await userEvent.click(screen.getByRole('button', { name: 'Потвърди' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(body(api.calls, '/api/auth/mfa/verify')).toEqual([{ mfaToken: 'mfa-2', code: 'abcde-fghij' }]);
  });

  it('goes back to the password when the step has expired', async () => {
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ mfaRequired: true, mfaToken: 'mfa-old' }),
      'POST /api/auth/mfa/verify': () => failure(401, 'session_expired'),
    });
    renderApp('/login');
    await signIn();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Код от приложението' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Потвърди' }));
    expect(await screen.findByRole('button', { name: 'Вход' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('leads a user who must have a second factor through the setup, shows the codes once, then signs in', async () => {
    const api = mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ mfaRequired: true, mfaToken: 'mfa-setup', mfaSetupRequired: true }),
      'POST /api/auth/mfa/setup': () =>
        ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Kantora:manager?secret=${SECRET}&issuer=Kantora` }),
      'POST /api/auth/mfa/enable': () =>
        ok({ recoveryCodes: CODES, token: 'tok-setup', expiration: '2030-01-01T00:00:00Z' }),
      'GET /api/auth/getCurrentUserInfo': () => ok(manager),
    });
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Включване на двуфакторен вход' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR код за приложението за удостоверяване' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await userEvent.type(screen.getByRole('textbox', { name: 'Код от приложението' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Потвърди и включи' }));

    const list = await screen.findByRole('list', { name: 'Кодове за възстановяване' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(getToken()).toBeNull(); // not before the user has seen the codes
    await userEvent.click(screen.getByRole('button', { name: 'Запазих кодовете' }));
    await waitFor(() => expect(location()).toBe('/clients'));
    expect(getToken()).toBe('tok-setup');
    expect(body(api.calls, '/api/auth/mfa/setup')).toEqual([{ mfaToken: 'mfa-setup' }]);
    expect(body(api.calls, '/api/auth/mfa/enable')).toEqual([{ code: '654321', mfaToken: 'mfa-setup' }]);
  });
});
