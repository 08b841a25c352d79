import { Access, type Client } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import ClientPage from './client-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['clients', 'reminders']);
});
afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const id = '00000000-0000-4000-8000-0000000000c1';
const clientOf = (overrides: Partial<Client>): Client => ({
  _id: id,
  name: { bg: 'Роси Консулт СРЛ', it: 'Rossi Consulting SRL' },
  bulstat: '01234567890',
  vatNumber: 'IT01234567890',
  phone: '',
  email: '',
  status: true,
  responsiblePerson: { bg: '', it: '' },
  comment: '',
  referent: null,
  referentName: null,
  notificationsEmails: [],
  clientUsers: [],
  managingUsers: [],
  managingUsersAll: false,
  subscription: { status: false, fromDate: null, toDate: null },
  paymentTermDays: null,
  noReminders: false,
  created: null,
  createdBy: null,
  createdByName: { bg: '', it: '' },
  updated: null,
  ...overrides,
});

function open(client: Client, access: number = Access.manager) {
  setSessionUser({
    id: 'u1',
    fullName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
    access,
    isProduction: false,
    locale: 'bg',
    email: 'maria@kantora.local',
  });
  const api = mockApi({
    [`GET /api/companies/${id}`]: () => ok(client),
    'GET /api/metaData/getAllEmployeeUsers': () => ok([]),
    'POST /api/companies/save': (init) => ok({ ...client, ...JSON.parse(String(init?.body)) }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/clients/:id" element={<ClientPage />} />
    </Routes>,
    { route: `/clients/${id}` },
  );
  return api;
}

describe('the client page', () => {
  it("names an Italian company's tax code and VAT number as in Italy, not ЕИК", async () => {
    open(clientOf({}));
    expect(
      await screen.findByRole('textbox', { name: 'Codice fiscale (данъчен номер)' }, { timeout: 30_000 }),
    ).toHaveValue('01234567890');
    expect(screen.getByRole('textbox', { name: 'Partita IVA (ДДС номер)' })).toHaveValue('IT01234567890');
    expect(screen.queryByRole('textbox', { name: 'ЕИК / Булстат' })).not.toBeInTheDocument();
  });

  it('keeps ЕИК / Булстат and ДДС номер for a Bulgarian company', async () => {
    open(clientOf({ name: { bg: 'Алфа ООД', it: 'Alfa OOD' }, bulstat: '123456789', vatNumber: 'BG123456789' }));
    expect(await screen.findByRole('textbox', { name: 'ЕИК / Булстат' }, { timeout: 30_000 })).toHaveValue('123456789');
    expect(screen.getByRole('textbox', { name: 'ДДС номер' })).toHaveValue('BG123456789');
  });

  it('management marks a client "no reminders" and the save sends it; the mark shows as saved', async () => {
    const { calls } = open(clientOf({ name: { bg: 'Алфа ООД', it: 'Alfa OOD' }, bulstat: '123456789' }));
    const box = await screen.findByRole('checkbox', { name: 'Без напомняния за плащане' }, { timeout: 30_000 });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Автоматичните напомняния не се изпращат/);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/companies/save')).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url === '/api/companies/save')?.init?.body));
    expect(body.noReminders).toBe(true);
    expect(body._id).toBe(id);
  });

  it('shows the stored mark to an accountant, who cannot change it', async () => {
    open(clientOf({ noReminders: true }), Access.accountant);
    const box = await screen.findByRole('checkbox', { name: 'Без напомняния за плащане' }, { timeout: 30_000 });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });
});
