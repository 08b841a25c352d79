import { Access, type CurrentUserInfo } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { setSessionUser } from '../lib/session.ts';
import { getToken, setToken } from '../lib/token.ts';
import { authorizationOf, failure, mockApi, ok } from '../test/render.tsx';
import { renderApp } from '../test/shell.tsx';

const user = (access: number, overrides: Partial<CurrentUserInfo> = {}): CurrentUserInfo => ({
  id: `user-${access}`,
  fullName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
  access,
  isProduction: false,
  locale: 'bg',
  email: 'maria@kantora.local',
  ...overrides,
});

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => setSessionUser(null));
afterEach(() => vi.unstubAllGlobals());

describe('route guard', () => {
  it('sends a signed-out user to /login with the path to come back to', async () => {
    mockApi({ 'GET /api/auth/IsProductionEnvironment': () => ok(true) });
    renderApp('/clients/42?tab=banks');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fclients%2F42%3Ftab%3Dbanks'));
    expect(await screen.findByRole('textbox', { name: 'Потребителско име' })).toBeInTheDocument();
  });

  it('sends a signed-out user on an unknown path to /login too', async () => {
    mockApi({ 'GET /api/auth/IsProductionEnvironment': () => ok(true) });
    renderApp('/no/such/page');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fno%2Fsuch%2Fpage'));
  });

  it('loads the user first, then opens a permitted route', async () => {
    setToken('good');
    const api = mockApi({ 'GET /api/auth/getCurrentUserInfo': () => ok(user(Access.employee)) });
    renderApp('/contracts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Договори' })).toBeInTheDocument();
    expect(location()).toBe('/contracts');
    const info = api.calls.find((call) => call.url === '/api/auth/getCurrentUserInfo');
    expect(authorizationOf(info?.init)).toBe('Bearer good');
    await waitFor(() => expect(document.title).toBe('Договори | Kantora'));
  });

  it('resets the token and goes to /login when the user cannot be loaded', async () => {
    setToken('dead');
    mockApi({
      'GET /api/auth/getCurrentUserInfo': () => failure(401, 'unauthorized'),
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
    });
    renderApp('/calendar');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fcalendar'));
    expect(getToken()).toBeNull();
  });

  it('says a route the role may not open is not accessible (no silent redirect), with a link to the start page', async () => {
    setToken('good');
    const api = mockApi({ 'GET /api/auth/getCurrentUserInfo': () => ok(user(Access.employee)) });
    renderApp('/settings/users');
    expect(
      await screen.findByRole('heading', { name: 'Нямате достъп до тази страница' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/settings/users');
    expect(screen.getByRole('link', { name: 'Към началната страница' })).toHaveAttribute('href', '/clients');
    await waitFor(() => expect(document.title.startsWith('Няма достъп')).toBe(true));
    // The page's own calls are never made.
    expect(api.calls.some((call) => call.url.includes('/users'))).toBe(false);
  });

  it('says so in Italian too', async () => {
    setToken('good');
    mockApi({ 'GET /api/auth/getCurrentUserInfo': () => ok(user(Access.employee, { locale: 'it' })) });
    await changeLocale('it');
    try {
      renderApp('/settings/users');
      expect(
        await screen.findByRole('heading', { name: 'Non hai accesso a questa pagina' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
    } finally {
      await changeLocale('bg');
    }
  });

  it('lands a client user on the portal', async () => {
    setToken('good');
    mockApi({ 'GET /api/auth/getCurrentUserInfo': () => ok(user(Access.client)) });
    renderApp('/');
    await waitFor(() => expect(location()).toBe('/my-companies'));
  });

  it('redirects /settings to /settings/users for the administrator', async () => {
    setToken('good');
    mockApi({ 'GET /api/auth/getCurrentUserInfo': () => ok(user(Access.admin)) });
    renderApp('/settings');
    // The navigation completes once the settings area's chunk has loaded (a transition).
    await waitFor(() => expect(location()).toBe('/settings/users'), { timeout: 5000 });
  });

  it('sends a signed-in user opening /login to the landing path', async () => {
    setToken('good');
    mockApi({ 'GET /api/auth/getCurrentUserInfo': () => ok(user(Access.accountant)) });
    renderApp('/login');
    await waitFor(() => expect(location()).toBe('/clients'));
  });

  it('shows the 404 page for an unknown path and reports it once', async () => {
    setToken('good');
    const api = mockApi({
      'GET /api/auth/getCurrentUserInfo': () => ok(user(Access.manager)),
      'GET /api/error/notFound': () => ok(null),
    });
    renderApp('/clients/1/nothing');
    expect(await screen.findByRole('heading', { name: 'Грешка 404' })).toBeInTheDocument();
    expect(screen.getByText('Страницата не е намерена', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Към началната страница' })).toHaveAttribute('href', '/clients');
    await waitFor(() => expect(api.calls.filter((call) => call.url.startsWith('/api/error/notFound'))).toHaveLength(1));
    expect(api.calls.find((call) => call.url.startsWith('/api/error/notFound'))?.url).toBe(
      '/api/error/notFound?path=%2Fclients%2F1%2Fnothing',
    );
  });

  it('refuses a user with no permitted routes', async () => {
    setToken('good');
    mockApi({
      'GET /api/auth/getCurrentUserInfo': () => ok(user(-1)),
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
    });
    renderApp('/clients');
    expect(await screen.findByText('Нямате разрешени действия')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fclients'));
    expect(getToken()).toBeNull();
  });

  it('keeps the public invitation page open without sign-in; "create" goes to /login', async () => {
    const preview = {
      isAlreadyAnswered: true,
      event: {
        allDay: true,
        fromDate: '2025-07-01',
        toDate: '2025-07-01',
        categoryName: { bg: 'Среща', it: 'Riunione' },
        categoryColor: '#1565C0',
        title: 'Годишна среща',
        comment: '',
        invitedNames: [],
        createdByName: null,
        created: '2025-06-01T10:00:00.000Z',
      },
    };
    mockApi({
      'GET /api/auth/IsProductionEnvironment': () => ok(true),
      'GET /api/events/invitation/preview/0f8c1f6e': () => ok(preview),
    });
    const { unmount } = renderApp('/events/invitation/0f8c1f6e');
    expect(await screen.findByRole('heading', { name: 'Покана за събитие' })).toBeInTheDocument();
    // The texts of the `calendar` namespace arrive from their own chunk.
    expect(await screen.findByText('Годишна среща')).toBeInTheDocument();
    expect(screen.getByText('Вече сте отговорили на тази покана.')).toBeInTheDocument();
    expect(location()).toBe('/events/invitation/0f8c1f6e');
    unmount();
    renderApp('/events/invitation/create');
    await waitFor(() => expect(location()).toBe('/login'));
  });
});
