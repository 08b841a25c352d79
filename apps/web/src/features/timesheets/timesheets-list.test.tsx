import { Access, type ContractOption, type CurrentUserInfo } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { TimesheetsList } from './timesheets-list.tsx';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CONTRACT: ContractOption = {
  _id: uuid(2),
  name: { bg: 'Счетоводно обслужване 2026', it: 'Servizi di contabilità 2026' },
  customerId: uuid(1),
  companyName: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade OOD' },
  fromDate: '2026-01-01',
  toDate: '2099-12-31',
  status: 1,
  currency: uuid(9),
  currencyCode: 'EUR',
};
// The stored language is Bulgarian: the screen's decides.
const manager: CurrentUserInfo = {
  id: uuid(50),
  fullName: { bg: 'Мениджър', it: 'Manager' },
  access: Access.manager,
  isProduction: false,
  locale: 'bg',
  email: 'm@kantora.local',
};
const file = (name: string) => () =>
  new Response('x', {
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="${name}"` },
  });

beforeAll(async () => {
  await i18n.loadNamespaces(['timesheets', 'clients', 'contracts', 'parties']);
});
afterEach(async () => {
  setSessionUser(null);
  vi.unstubAllGlobals();
  await i18n.changeLanguage('bg');
});

describe('the timesheets export and print', () => {
  it('ask for the file in the language on screen, not the user’s stored one', { timeout: 60_000 }, async () => {
    await i18n.changeLanguage('it');
    await i18n.loadNamespaces(['timesheets', 'clients', 'contracts', 'parties']);
    setSessionUser(manager);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    const { calls } = mockApi({
      'POST /api/timesheets/list': () => ok({ Items: [], Total: 0, Page: 1, TotalDuration: 0 }),
      'POST /api/timesheets/export': file('timesheets.xlsx'),
      'POST /api/timesheets/print': file('timesheets.pdf'),
    });
    renderWithProviders(<TimesheetsList contract={CONTRACT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Esporta in Excel' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/timesheets/export'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stampa' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Stampa' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/timesheets/print'))).toBe(true));
    for (const path of ['/timesheets/export', '/timesheets/print']) {
      const body = JSON.parse(String(calls.find((call) => call.url.endsWith(path))?.init?.body));
      expect(body).toMatchObject({ contract: CONTRACT._id, lang: 'it' });
    }
  });
});
