import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { CONTRACT_SEARCH_DEBOUNCE_MS, ContractSearch, type ContractOption } from './contract-search.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['contracts']);
});
afterEach(() => vi.unstubAllGlobals());

const CLIENT = '00000000-0000-4000-8000-0000000000a1';
const option: ContractOption = {
  _id: '00000000-0000-4000-8000-0000000000c1',
  name: { bg: 'Поддръжка', it: 'Assistenza' },
  customerId: CLIENT,
  companyName: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade' },
  fromDate: '2026-01-01',
  toDate: '2026-12-31',
  status: 1,
  currency: '00000000-0000-4000-8000-0000000000e1',
  currencyCode: 'EUR',
};

// Whole pages with MUI on a shared, busy machine: more time than a unit test's default.
describe('ContractSearch', { timeout: 60_000 }, () => {
  it('waits for a client', () => {
    mockApi({});
    renderWithProviders(<ContractSearch value={null} onChange={vi.fn()} clientId={null} />);
    expect(screen.getByRole('combobox', { name: 'Договор' })).toBeDisabled();
    expect(screen.getByText('Първо изберете клиент')).toBeInTheDocument();
  });

  it("searches the client's contracts 500 ms after typing stops and returns the chosen one", async () => {
    expect(CONTRACT_SEARCH_DEBOUNCE_MS).toBe(500);
    const { calls } = mockApi({ 'POST /api/contracts/search': () => ok({ Items: [option], Total: 1, Page: 1 }) });
    const onChange = vi.fn();
    renderWithProviders(<ContractSearch value={null} onChange={onChange} clientId={CLIENT} status={1} />);
    const input = screen.getByRole('combobox', { name: 'Договор' });
    await userEvent.click(input);
    // Opened with nothing typed: the client's first contracts.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({
      clientId: CLIENT,
      name: '',
      status: 1,
      page: 1,
      itemsPerPage: 15,
    });
    // One input event (a paste), so the quiet time starts at a known moment even on a busy machine.
    const typedAt = Date.now();
    await userEvent.paste('Подд');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(CONTRACT_SEARCH_DEBOUNCE_MS - 20);
    expect(JSON.parse(String(calls[1].init?.body))).toMatchObject({ clientId: CLIENT, name: 'Подд' });
    await userEvent.click(await screen.findByRole('option', { name: 'Поддръжка (01.01.2026 – 31.12.2026)' }));
    expect(onChange).toHaveBeenCalledWith(option);
  });
});
