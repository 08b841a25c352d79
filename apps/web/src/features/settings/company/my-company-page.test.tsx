import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import MyCompanyPage from './my-company-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('settings');
});

describe('MyCompanyPage', () => {
  it('asks for every field, and after the first save reloads the company and shows its bank accounts', async () => {
    let stored: Record<string, unknown> | null = null;
    const { calls } = mockApi({
      'GET /api/settings/myCompany/get': () => ok(stored),
      'POST /api/settings/myCompany/save': (init) => {
        stored = {
          ...JSON.parse(String(init?.body)),
          _id: '00000000-0000-4000-8000-000000000001',
          created: '2026-01-05T10:00:00Z',
        };
        return ok(stored, 'saved_successfully');
      },
      'POST /api/banks/list': () => ok({ Items: [], Total: 0, Page: 1 }),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <MyCompanyPage />
      </Suspense>,
    );
    expect(await screen.findByText('Още не е запазена')).toBeInTheDocument();
    expect(
      screen.getByText('Банковите сметки могат да се добавят, след като запазите данните на фирмата.'),
    ).toBeInTheDocument();
    const save = () => userEvent.click(screen.getAllByRole('button', { name: 'Запази' })[0]);

    await save();
    // Names, responsible persons, bulstat, VAT number, four address parts in two languages, zip code.
    expect(await screen.findAllByText('Полето е задължително')).toHaveLength(15);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    for (const input of screen.getAllByRole('textbox')) await userEvent.type(input, 'Текст');
    await save();
    expect(await screen.findByRole('heading', { name: 'Банкови сметки' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добави сметка' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/settings/myCompany/get')).toHaveLength(2));
    expect(JSON.parse(String(calls.find((call) => call.method === 'POST')?.init?.body))).toMatchObject({
      name: { bg: 'Текст', it: 'Текст' },
      address: { zipCode: 'Текст', street: { bg: 'Текст', it: 'Текст' } },
    });
    expect(screen.queryByText('Още не е запазена')).not.toBeInTheDocument();
  });

  it('proposes the ISO country from the country name as typed and saves the one chosen', async () => {
    const { calls } = mockApi({
      'GET /api/settings/myCompany/get': () => ok(null),
      'POST /api/settings/myCompany/save': (init) => ok({ ...JSON.parse(String(init?.body)), _id: 'm1' }),
      'POST /api/banks/list': () => ok({ Items: [], Total: 0, Page: 1 }),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <MyCompanyPage />
      </Suspense>,
    );
    const country = await screen.findByRole('textbox', { name: 'Държава (български)' });
    const code = screen.getByRole('combobox', { name: 'Държава по ISO (за е-фактурата)' });
    expect(screen.getByText(/Празно: определя се от името на държавата/)).toBeInTheDocument();
    await userEvent.type(country, 'Италия');
    await waitFor(() => expect(code).toHaveValue('Италия (IT)'));
    await userEvent.clear(code);
    await userEvent.type(code, 'Румъ');
    await userEvent.keyboard('{Enter}');
    expect(code).toHaveValue('Румъния (RO)');
    for (const input of screen.getAllByRole('textbox')) if (input !== country) await userEvent.type(input, 'Текст');
    await userEvent.click(screen.getAllByRole('button', { name: 'Запази' })[0]);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((call) => call.method === 'POST')?.init?.body)).address).toMatchObject({
      country: { bg: 'Италия' },
      countryCode: 'RO',
    });
  });
});
