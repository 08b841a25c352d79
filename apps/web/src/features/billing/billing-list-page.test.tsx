import { Access, type BillingCounts, type BillingRow } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { BillingListPage } from './billing-list-page.tsx';
import { docOf, userOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'clients']);
});
afterEach(() => {
  setSessionUser(null);
  vi.unstubAllGlobals();
});

const rowOf = (issued: boolean): BillingRow => {
  const { rights: _rights, ...row } = docOf('invoice', issued);
  return row;
};

function open(access: number, counts: BillingCounts = { issued: 12345, drafts: 3 }) {
  setSessionUser(userOf(access));
  const api = mockApi({
    'GET /api/invoices/getDocsCount': () => ok(counts),
    'POST /api/invoices/list': (init) => {
      const body = JSON.parse(String(init?.body));
      return ok({ Items: [rowOf(body.issued)], Total: 1, Page: 1 });
    },
  });
  renderWithProviders(<BillingListPage kind="invoice" />);
  return api;
}
const listBodies = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url.endsWith('/invoices/list')).map((call) => JSON.parse(String(call.init?.body)));

describe('the invoice list', () => {
  it('shows the issued and the drafts tab with their counts; by number, newest first; the drafts tab asks for drafts', {
    timeout: 60_000,
  }, async () => {
    const { calls } = open(Access.manager);
    const issued = await screen.findByRole('tab', { name: /^Издадени\s?\(12\s345\)$/ });
    expect(issued).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^Чернови\s?\(3\)$/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(listBodies(calls)[0]).toMatchObject({ issued: true, sortBy: 'number', sortDesc: true, page: 1 }),
    );
    const table = await screen.findByRole('table', { name: 'Фактури: Издадени' });
    expect(within(table).getByText('0000000042')).toBeInTheDocument();
    expect(within(table).getByText('Неплатена')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /^Чернови\s?\(3\)$/ }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ issued: false }));
    const drafts = await screen.findByRole('table', { name: 'Фактури: Чернови' });
    expect(await within(drafts).findByText('без номер')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Нова фактура' })).toHaveAttribute('href', '/invoices/create');
  });

  it('says which tab count is the estimate (≈, two figures) and which more than the count (>)', {
    timeout: 60_000,
  }, async () => {
    open(Access.manager, { issued: 170_857, drafts: 1000, inexact: { issued: 'estimated', drafts: 'capped' } });
    expect(await screen.findByRole('tab', { name: /^Издадени\s?\(≈ 170\s000\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Чернови\s?\(> 1\s?000\)$/ })).toBeInTheDocument();
  });

  it('counts and lists under the applied filter; accountants have no add button', { timeout: 60_000 }, async () => {
    const { calls } = open(Access.accountant);
    await screen.findByRole('tab', { name: /^Чернови\s?\(3\)$/ });
    expect(screen.queryByRole('link', { name: 'Нова фактура' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Номер' }));
    await userEvent.paste('42');
    await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
    await waitFor(() => expect(listBodies(calls).at(-1)).toMatchObject({ number: '42', issued: true }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/invoices/getDocsCount?number=42'))).toBe(true));
  });
});
