import { Access, LOCALE_STORAGE_KEY, TOKEN_COOKIE } from '@kantora/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './login-page.tsx';
import { forgetEnvironment } from '../../lib/environment.ts';
import { setSessionUser } from '../../lib/session.ts';
import { getToken } from '../../lib/token.ts';
import { authorizationOf, failure, mockApi, ok, TestProviders } from '../../test/render.tsx';
import { renderApp } from '../../test/shell.tsx';

const manager = {
  id: 'u1',
  fullName: { bg: 'Иван Иванов', it: 'Ivan Ivanov' },
  access: Access.manager,
  isProduction: false,
  locale: 'bg',
  email: 'manager@kantora.local',
};

const renderLogin = (route = '/login') => renderApp(route);

const location = () => screen.getByTestId('location').textContent;
const signIn = async (username: string, password: string) => {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Потребителско име' }), username);
  await userEvent.type(screen.getByLabelText(/^Парола/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
};

beforeEach(() => {
  setSessionUser(null);
  forgetEnvironment();
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('requires username and password', async () => {
    const api = mockApi({ 'GET /api/auth/IsProductionEnvironment': () => ok(true) });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Вход' }));
    expect(await screen.findAllByText('Полето е задължително')).toHaveLength(2);
    expect(api.calls.some((call) => call.url === '/api/auth/signIn')).toBe(false);
  });

  it('marks the first missing field, focuses it, checks again as it is typed and sends the trimmed user name', async () => {
    const api = mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => failure(400, 'invalid_credentials'),
    });
    renderLogin();
    const username = await screen.findByRole('textbox', { name: 'Потребителско име' });
    await userEvent.type(screen.getByLabelText(/^Парола/), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Полето е задължително');
    expect(username).toHaveFocus();
    expect(screen.getByLabelText(/^Парола/)).toHaveAttribute('aria-invalid', 'false');
    await userEvent.type(username, '  manager@kantora.local ');
    expect(username).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Полето е задължително')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Вход' }));
    expect(await screen.findByText('Грешно потребителско име или парола')).toBeInTheDocument();
    const body = api.calls.find((call) => call.url === '/api/auth/signIn')?.init?.body;
    expect(JSON.parse(String(body))).toEqual({ username: 'manager@kantora.local', password: 'demo1234' });
  });

  it('shows the translated invalid_credentials toast on a wrong password and keeps no token', async () => {
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => failure(400, 'invalid_credentials'),
    });
    renderLogin('/login?redirect=%2Fclients');
    await signIn('manager@kantora.local', 'wrong');
    expect(await screen.findByText('Грешно потребителско име или парола')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(location()).toBe('/login?redirect=%2Fclients');
  });

  it('signs in, keeps the token in a session cookie and goes to the redirect with the other query values', async () => {
    const api = mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ token: 'tok-1', expiration: '2030-01-01T00:00:00Z' }),
      'GET /api/auth/getCurrentUserInfo': () => ok(manager),
    });
    renderLogin('/login?redirect=%2Fcontracts%2F7&notify=session_expired&tab=files');
    await signIn('manager@kantora.local', 'demo1234');
    await waitFor(() => expect(location()).toBe('/contracts/7?tab=files'));
    expect(getToken()).toBe('tok-1');
    expect(document.cookie).toContain(`${TOKEN_COOKIE}=tok-1`);
    const body = api.calls.find((call) => call.url === '/api/auth/signIn')?.init?.body;
    expect(JSON.parse(String(body))).toEqual({ username: 'manager@kantora.local', password: 'demo1234' });
    const info = api.calls.find((call) => call.url === '/api/auth/getCurrentUserInfo');
    expect(authorizationOf(info?.init)).toBe('Bearer tok-1');
  });

  it('goes to the landing path when the redirect is not allowed for the role', async () => {
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ token: 'tok-2', expiration: '2030-01-01T00:00:00Z' }),
      'GET /api/auth/getCurrentUserInfo': () => ok({ ...manager, access: Access.employee }),
    });
    renderLogin('/login?redirect=%2Finvoices');
    await signIn('employee@kantora.local', 'demo1234');
    await waitFor(() => expect(location()).toBe('/clients'));
  });

  it('shows notify as an error toast and the TEST banner outside production', async () => {
    mockApi({ 'GET /api/auth/IsProductionEnvironment': () => ok(false) });
    renderLogin('/login?notify=session_expired');
    expect(await screen.findByText('Сесията ви изтече. Моля, влезте отново.')).toBeInTheDocument();
    expect(await screen.findByText('Тестова среда')).toBeInTheDocument();
  });

  it('switches the language and keeps the choice', async () => {
    mockApi({ 'GET /api/auth/IsProductionEnvironment': () => ok(true) });
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: /^Език:\s?BG$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Italiano' }));
    expect(await screen.findByRole('textbox', { name: 'Nome utente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accedi' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it');
    expect(document.cookie).toContain(`${LOCALE_STORAGE_KEY}=it`);
  });

  it('holds the language menu while the sign-in is being sent', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderLogin();
    expect(await screen.findByRole('button', { name: /^Език:\s?BG$/ })).toBeEnabled();
    await signIn('manager@kantora.local', 'wrong');
    await waitFor(() => expect(screen.getByRole('button', { name: /^Език:\s?BG$/ })).toBeDisabled());
    answer(failure(400, 'invalid_credentials'));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Език:\s?BG$/ })).toBeEnabled());
  });

  it('shows a loader, not the form and its language menu, while the next page is still loading', async () => {
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'POST /api/auth/signIn': () => ok({ token: 'tok-2', expiration: '2030-01-01T00:00:00Z' }),
      'GET /api/auth/getCurrentUserInfo': () => ok(manager),
    });
    // A destination whose code never arrives: the route change stays pending, as on a slow network or a busy machine.
    const NeverLoaded = lazy(() => new Promise<{ default: () => null }>(() => {}));
    render(
      <TestProviders route="/login">
        <Suspense fallback={null}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<NeverLoaded />} />
          </Routes>
        </Suspense>
      </TestProviders>,
    );
    await signIn('manager@kantora.local', 'demo1234');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Език:\s?BG$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Вход' })).toBeNull();
  });
});
