import { Access, type CurrentUserInfo, SETUP_ITEMS, type SetupStatus } from '@kantora/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLocale } from '../../../lib/i18n.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { renderShell } from '../../../test/shell.tsx';
import SetupPage from './setup-page.tsx';
import { SetupNotice } from './setup-notice.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('settings');
});
beforeEach(() => setSessionUser(null));
afterEach(() => vi.unstubAllGlobals());

const status = (done: Partial<Record<string, boolean>>, missing: Record<string, string[]> = {}): SetupStatus => {
  const items = SETUP_ITEMS.map((key) => ({
    key,
    done: done[key] ?? false,
    missing: done[key] ? [] : (missing[key] ?? []),
  }));
  return { complete: items.every((item) => item.done), items };
};
const ALL_DONE = status({ myCompany: true, banks: true, invoiceDefaults: true, registers: true, users: true });

const user = (access: number): CurrentUserInfo => ({
  id: `user-${access}`,
  fullName: { bg: 'Админ Системен', it: 'Admin Sistema' },
  access,
  isProduction: false,
  locale: 'bg',
  email: 'admin@firm.test',
});

describe('the first-run checklist page', () => {
  it('links every item to the screen that completes it, with its state and what is missing', async () => {
    mockApi({
      'GET /api/settings/setupStatus': () =>
        ok(status({ myCompany: true }, { banks: ['EUR'], registers: ['invoice', 'proforma'] })),
    });
    renderWithProviders(<SetupPage />);
    const list = await screen.findByRole('list', { name: 'Стъпки за настройка' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/settings/my-company',
      '/settings/my-company',
      '/settings/invoices',
      '/settings/invoices',
      '/settings/users/create',
    ]);
    expect(links[0]).toHaveAccessibleName(/^1\. Данни на фирмата\s*—\s*Готово\s*\.\s*Име, ЕИК/);
    expect(links[1]).toHaveAccessibleName(
      /^2\. Банкови сметки в EUR и BGN\s*—\s*Предстои\s*\.\s*.*„Моята фирма“.*Липсва сметка по подразбиране в EUR\.$/,
    );
    expect(links[3]).toHaveTextContent('„Запази номерацията“');
    expect(links[3]).toHaveTextContent('Непотвърдена номерация: фактури, проформа фактури.');
    expect(links[4]).toHaveAccessibleName(/^5\. Първи потребители\s*—\s*Предстои\s*\./);
    expect(screen.getByRole('progressbar', { name: 'Готови: 1 от 5' })).toHaveAttribute('aria-valuenow', '20');
    expect(screen.queryByRole('link', { name: 'Нова фактура' })).not.toBeInTheDocument();
  });

  it('says so when everything is done and offers the first invoice', async () => {
    mockApi({ 'GET /api/settings/setupStatus': () => ok(ALL_DONE) });
    renderWithProviders(<SetupPage />);
    expect(await screen.findByText('Всичко е настроено: Kantora е готова да издава фактури.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Нова фактура' })).toHaveAttribute('href', '/invoices/create');
    expect(within(screen.getByRole('list', { name: 'Стъпки за настройка' })).getAllByText('Готово')).toHaveLength(5);
  });

  it('speaks Italian too', async () => {
    await changeLocale('it');
    mockApi({ 'GET /api/settings/setupStatus': () => ok(status({ users: true }, { banks: ['BGN', 'EUR'] })) });
    renderWithProviders(<SetupPage />);
    const list = await screen.findByRole('list', { name: 'Passi della configurazione' });
    const links = within(list).getAllByRole('link');
    expect(links[1]).toHaveAccessibleName(
      /^2\. Conti bancari in EUR e BGN\s*—\s*Da fare\s*\.\s*.*«La mia azienda».*Manca il conto predefinito in BGN, EUR\.$/,
    );
    expect(links[3]).toHaveTextContent('«Salva la numerazione»');
    expect(links[4]).toHaveAccessibleName(/^5\. Primi utenti\s*—\s*Fatto\s*\./);
    expect(screen.getByRole('progressbar', { name: 'Fatti: 1 su 5' })).toBeInTheDocument();
  });
});

describe('the notice in the shell', () => {
  it('tells the administrator what is left on every page and leads to the checklist by keyboard', async () => {
    renderShell('/clients', user(Access.admin), {
      'GET /api/settings/setupStatus': () => ok(status({ myCompany: true, users: true })),
    });
    const notice = (
      await screen.findByText(
        'Kantora още не е готова за фактуриране: готови са 2 от 5 стъпки за настройка.',
        {},
        { timeout: 30_000 },
      )
    ).closest<HTMLElement>('[role="status"]')!;
    const link = within(notice).getByRole('link', { name: 'Към стъпките' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/setup$/));
    // On the checklist itself the notice gives way to the list.
    expect(await screen.findByRole('list', { name: 'Стъпки за настройка' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByText(/още не е готова за фактуриране/)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Първи стъпки | Kantora'));
  }, 60_000); // loads the settings area's code on a busy machine

  it('is gone once every item is done', async () => {
    const api = renderShell('/clients', user(Access.admin), { 'GET /api/settings/setupStatus': () => ok(ALL_DONE) });
    await waitFor(() => expect(api.calls.some((call) => call.url === '/api/settings/setupStatus')).toBe(true));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/още не е готова за фактуриране/)).not.toBeInTheDocument();
  });

  it('is never asked for by other roles', async () => {
    const api = renderShell('/clients', user(Access.manager), {
      'GET /api/settings/setupStatus': () => ok(status({})),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(api.calls.some((call) => call.url === '/api/settings/setupStatus')).toBe(false);
    expect(screen.queryByText(/още не е готова за фактуриране/)).not.toBeInTheDocument();
  });

  it('follows a save on a settings page: the item flips without a reload', async () => {
    let answer = status({ myCompany: true, banks: true, invoiceDefaults: true, registers: true });
    mockApi({ 'GET /api/settings/setupStatus': () => ok(answer) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/settings/users/create']}>
          <SetupNotice enabled />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('готови са 4 от 5');
    answer = ALL_DONE;
    // What the user page does after creating a user.
    client.setQueryData(['settings', 'users', 'one', 'new-id'], { _id: 'new-id' });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
