import { Access, type CurrentUserInfo, LOCALE_STORAGE_KEY } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { persistLocale } from '../../lib/locale.ts';
import { reloadPage } from '../../lib/navigation.ts';
import { setSessionUser } from '../../lib/session.ts';
import { getToken } from '../../lib/token.ts';
import { ok } from '../../test/render.tsx';
import { docOf, editorAnswers, ids } from '../../features/billing/test-fixtures.ts';
import { renderShell } from '../../test/shell.tsx';

vi.mock('../../lib/navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/navigation.ts')>()),
  reloadPage: vi.fn(),
}));

const user = (access: number, isProduction = false): CurrentUserInfo => ({
  id: `user-${access}`,
  fullName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
  access,
  isProduction,
  locale: 'bg',
  email: 'maria@kantora.local',
});

const openDrawer = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Покажи или скрий менюто' }));
  return screen.findByRole('navigation', { name: 'Основна навигация' });
};

beforeEach(() => setSessionUser(null));
afterEach(() => vi.unstubAllGlobals());

describe('app shell', () => {
  it('has a skip link as the first Tab stop: it moves the focus to the main region, not the address', async () => {
    renderShell('/clients', user(Access.manager));
    await screen.findByRole('button', { name: 'Покажи или скрий менюто' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Към съдържанието' });
    expect(skip).toHaveFocus();
    const hash = window.location.hash;
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe(hash);
  });

  it('lists only the routes the role may use', async () => {
    renderShell('/documents-flow', user(Access.employee));
    const nav = await openDrawer();
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Клиенти', 'Договори', 'Отчети за работно време', 'Документооборот', 'Календар']),
    );
  });

  it('groups the settings pages under Settings for the administrator', async () => {
    renderShell('/settings/currencies', user(Access.admin));
    const nav = await openDrawer();
    const settings = within(nav).getByRole('button', { name: 'Настройки' });
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Валути' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Потребители' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Нов потребител' })).not.toBeInTheDocument();
  });

  it('hides the add-timesheet button from client users and shows the portal routes', async () => {
    renderShell('/my-companies', user(Access.client));
    const nav = await openDrawer();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Моите фирми', 'Моите договори', 'Моите фактури', 'Моите проформа фактури', 'Моите документи']);
    expect(screen.queryByRole('button', { name: 'Добави отчет за работно време' })).not.toBeInTheDocument();
  });

  it('opens the timesheet dialog for the roles with timesheets, and has no button for an accountant', async () => {
    renderShell('/clients', user(Access.employee));
    await userEvent.click(await screen.findByRole('button', { name: 'Добави отчет за работно време' }));
    // The dialog's code and texts load on first use (a lazy chunk, slow to transform on a busy machine).
    const dialog = await screen.findByRole('dialog', { name: 'Нов отчет за работно време' }, { timeout: 30_000 });
    expect(within(dialog).getByRole('group', { name: 'Отработено време' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Добави ред' })).toBeInTheDocument();
  }, 60_000); // loads an area's code on a busy machine

  it('has no add-timesheet button for an accountant', async () => {
    renderShell('/documents-flow', user(Access.accountant));
    await openDrawer();
    expect(screen.queryByRole('button', { name: 'Добави отчет за работно време' })).not.toBeInTheDocument();
  });

  it('shows the version with the TEST prefix outside production, and without it in production', async () => {
    renderShell('/clients', user(Access.manager, false));
    expect(await screen.findByTestId('app-version')).toHaveTextContent(/^TEST Версия \d+\.\d+\.\d+/);
    expect(screen.getByText('TEST')).toBeInTheDocument();
  });

  it('shows no TEST marks in production', async () => {
    renderShell('/clients', user(Access.manager, true));
    expect(await screen.findByTestId('app-version')).toHaveTextContent(/^Версия \d+\.\d+\.\d+/);
    expect(screen.queryByText('TEST')).not.toBeInTheDocument();
  });

  it('remembers the last visited pages, newest first', async () => {
    renderShell('/clients', user(Access.manager));
    let nav = await openDrawer();
    await userEvent.click(within(nav).getByRole('link', { name: 'Договори' }));
    // A page counts as visited once it is shown (route changes wait for the area's code, as a person would).
    await waitFor(() => expect(document.title.startsWith('Договори')).toBe(true), { timeout: 30_000 });
    nav = await openDrawer();
    await userEvent.click(within(nav).getByRole('link', { name: 'Документооборот' }));
    await openDrawer();
    const recent = await screen.findByRole('list', { name: 'Последно посетени' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/documents-flow', '/contracts', '/clients']),
    );
  }, 60_000); // loads an area's code on a busy machine

  it('names a visited record by its title, not its address (an invoice by its number)', async () => {
    const doc = docOf('invoice', true, Access.manager);
    renderShell(`/invoices/${ids.doc}`, user(Access.manager), {
      ...editorAnswers(doc),
    });
    await screen.findByRole('heading', { level: 2, name: /0000000042/ }, { timeout: 30_000 });
    await openDrawer();
    const recent = await screen.findByRole('list', { name: 'Последно посетени' });
    const link = await within(recent).findByRole('link', { name: 'Фактура: 0000000042' });
    expect(link).toHaveAttribute('href', `/invoices/${ids.doc}`);
    expect(within(recent).queryByText(`/invoices/${ids.doc}`)).not.toBeInTheDocument();
  }, 60_000);

  it('signs out: calls signOut, drops the token and goes to /login', async () => {
    const api = renderShell('/clients', user(Access.manager), { 'POST /api/auth/signOut': () => ok(null) });
    await userEvent.click(await screen.findByRole('button', { name: /^Профил:/ }));
    expect(within(await screen.findByRole('menu')).getByText('Мария Петрова')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Изход' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(api.calls.some((call) => call.method === 'POST' && call.url === '/api/auth/signOut')).toBe(true);
    expect(getToken()).toBeNull();
  });

  it('saves the chosen language on the server, keeps it and reloads', async () => {
    const api = renderShell('/clients', user(Access.manager), { 'GET /api/settings/users/locale/it': () => ok(null) });
    await userEvent.click(await screen.findByRole('button', { name: /^Език:\s?BG$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Italiano' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(api.calls.some((call) => call.url === '/api/settings/users/locale/it')).toBe(true);
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it');
    expect(document.cookie).toContain(`${LOCALE_STORAGE_KEY}=it`);
  });

  it('shows the full name in the language chosen on this browser', async () => {
    persistLocale('it');
    await changeLocale('it');
    renderShell('/clients', user(Access.manager));
    await userEvent.click(await screen.findByRole('button', { name: /^Profilo:/ }));
    expect(screen.getByText('Maria Petrova')).toBeInTheDocument();
  });

  it("uses the server's saved language when this browser has no choice", async () => {
    renderShell('/clients', { ...user(Access.manager), locale: 'it' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clienti' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Clienti | Kantora'));
  });
});
