import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetEnvironment } from '../../lib/environment.ts';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { getToken, setToken } from '../../lib/token.ts';
import { authorizationOf, failure, mockApi, ok } from '../../test/render.tsx';
import { renderApp } from '../../test/shell.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['security']);
});
beforeEach(() => {
  setSessionUser(null);
  forgetEnvironment();
});
afterEach(() => vi.unstubAllGlobals());

const location = () => screen.getByTestId('location').textContent;
const bodies = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((call) => call.url === url).map((call) => JSON.parse(String(call.init?.body)));

describe('forgotten password', () => {
  it('is linked from the sign-in page, open without sign-in, and always gives the same answer', async () => {
    const api = mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/forgotPassword': () => ok(true),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Забравена парола?' }));
    await waitFor(() => expect(location()).toBe('/forgot-password'));
    const email = await screen.findByRole('textbox', { name: 'Имейл' });
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати линк' }));
    expect(await screen.findByText('Полето е задължително')).toBeInTheDocument();
    expect(bodies(api.calls, '/api/auth/forgotPassword')).toEqual([]);

    await userEvent.type(email, 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати линк' }));
    expect(
      await screen.findByText(
        'Ако има активен акаунт с адрес nobody@example.com, до няколко минути ще получите имейл с линк за нова парола.',
      ),
    ).toBeInTheDocument();
    expect(bodies(api.calls, '/api/auth/forgotPassword')).toEqual([{ email: 'nobody@example.com' }]);
    const call = api.calls.find((one) => one.url === '/api/auth/forgotPassword');
    expect(authorizationOf(call?.init)).toBeUndefined();
    await userEvent.click(screen.getByRole('link', { name: 'Обратно към входа' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('new password from the reset link', () => {
  it('checks the length and the repeat, sends the token, signs this browser out and goes to sign-in with a notice', async () => {
    setToken('old-token');
    const api = mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/resetPassword': () => ok(true),
      'GET /api/auth/getCurrentUserInfo': () => failure(401, 'session_expired'),
    });
    renderApp('/reset-password?token=tok-abc');
    const password = await screen.findByLabelText(/^Нова парола/);
    const repeat = screen.getByLabelText(/^Повторете паролата/);
    await userEvent.type(password, '12345');
    await userEvent.type(repeat, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Запази паролата' }));
    expect(await screen.findByText('Паролата трябва да съдържа поне 6 символа')).toBeInTheDocument();
    await userEvent.type(password, '6');
    await userEvent.type(repeat, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Запази паролата' }));
    expect(await screen.findByText('Паролите не съвпадат')).toBeInTheDocument();
    expect(bodies(api.calls, '/api/auth/resetPassword')).toEqual([]);

    await userEvent.clear(repeat);
    await userEvent.type(repeat, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Запази паролата' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText('Паролата е сменена. Влезте с новата парола.')).toBeInTheDocument();
    expect(bodies(api.calls, '/api/auth/resetPassword')).toEqual([{ token: 'tok-abc', password: '123456' }]);
    expect(getToken()).toBeNull();
  });

  it('says when the link is unknown, used or expired and offers a new one', async () => {
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/resetPassword': () => failure(400, 'reset_link_invalid'),
    });
    renderApp('/reset-password?token=used');
    await userEvent.type(await screen.findByLabelText(/^Нова парола/), 'secret77');
    await userEvent.type(screen.getByLabelText(/^Повторете паролата/), 'secret77');
    await userEvent.click(screen.getByRole('button', { name: 'Запази паролата' }));
    expect(await screen.findByRole('link', { name: 'Поискай нов линк' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^Нова парола/)).toBeNull();
  });

  it('takes a malformed link (refused field by field) for an invalid one too', async () => {
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/resetPassword': () =>
        failure(400, 'reset_link_invalid', [{ field: 'token', message: 'reset_link_invalid' }]),
    });
    renderApp(`/reset-password?token=${'x'.repeat(300)}`);
    await userEvent.type(await screen.findByLabelText(/^Нова парола/), 'secret77');
    await userEvent.type(screen.getByLabelText(/^Повторете паролата/), 'secret77');
    await userEvent.click(screen.getByRole('button', { name: 'Запази паролата' }));
    expect(await screen.findByRole('link', { name: 'Поискай нов линк' })).toBeInTheDocument();
  });

  it('without a token says the link is invalid at once', async () => {
    mockApi({ 'GET /api/auth/IsProductionEnvironment': () => ok(true) });
    renderApp('/reset-password');
    expect(await screen.findByRole('link', { name: 'Поискай нов линк' })).toBeInTheDocument();
  });
});
