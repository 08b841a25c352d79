import type { Bank } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { BankSelectDialog } from './bank-select-dialog.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['settings']);
});
afterEach(() => vi.unstubAllGlobals());

const OWN = '00000000-0000-4000-8000-0000000000f1';
const bank = (id: string, name: string, code: 'BGN' | 'EUR'): Bank => ({
  _id: `00000000-0000-4000-8000-0000000000${id}`,
  name: { bg: name, it: name },
  address: { bg: 'София', it: 'Sofia' },
  bic: 'UNCRBGSF',
  iban: `BG80UNCR7000152345${id}01`,
  currency: `currency-${code}`,
  currencyCode: code,
  currencyName: null,
  status: true,
  default: false,
  default2: false,
});
const banks = [bank('b1', 'УниКредит Булбанк', 'BGN'), bank('b2', 'УниКредит Булбанк (евро)', 'EUR')];

// Whole pages with MUI on a shared, busy machine: more time than a unit test's default.
describe('BankSelectDialog', { timeout: 60_000 }, () => {
  it("lists the own company's active accounts and offers choose-as-BGN only on a BGN account, choose-as-EUR only on a EUR one", async () => {
    const { calls } = mockApi({ 'POST /api/banks/list': () => ok({ Items: banks, Total: 2, Page: 1 }) });
    const chooseBgn = vi.fn();
    const chooseEur = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <BankSelectDialog
        open
        onClose={onClose}
        owner={{ myCompanyId: OWN }}
        title="Сметки на доставчика"
        actions={[
          {
            key: 'bgn',
            label: 'Избери като сметка в лева',
            accepts: (row) => row.currencyCode === 'BGN',
            onChoose: chooseBgn,
          },
          {
            key: 'eur',
            label: 'Избери като сметка в евро',
            accepts: (row) => row.currencyCode === 'EUR',
            onChoose: chooseEur,
            chosenId: banks[1]._id,
          },
        ]}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Сметки на доставчика' });
    const bgnRow = (await within(dialog).findByText('УниКредит Булбанк')).closest('tr') as HTMLElement;
    const eurRow = within(dialog).getByText('УниКредит Булбанк (евро)').closest('tr') as HTMLElement;
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({
      myCompanyId: OWN,
      status: true,
      sortBy: 'created',
      sortDesc: true,
    });
    expect(within(bgnRow).getByRole('button', { name: 'Избери като сметка в лева: УниКредит Булбанк' })).toBeEnabled();
    expect(within(bgnRow).getByRole('button', { name: 'Избери като сметка в евро: УниКредит Булбанк' })).toBeDisabled();
    expect(
      within(eurRow).getByRole('button', { name: 'Избери като сметка в лева: УниКредит Булбанк (евро)' }),
    ).toBeDisabled();
    // The account chosen now is marked in its row.
    expect(within(eurRow).getByText('Избери като сметка в евро', { selector: '.MuiChip-label' })).toBeInTheDocument();

    await userEvent.click(within(bgnRow).getByRole('button', { name: 'Избери като сметка в лева: УниКредит Булбанк' }));
    expect(chooseBgn).toHaveBeenCalledWith(banks[0]);
    expect(chooseEur).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("lists a client's accounts with one choose action", async () => {
    const { calls } = mockApi({ 'POST /api/banks/list': () => ok({ Items: [banks[0]], Total: 1, Page: 1 }) });
    const choose = vi.fn();
    renderWithProviders(
      <BankSelectDialog
        open
        onClose={vi.fn()}
        owner={{ companyId: OWN }}
        title="Сметки на клиента"
        actions={[{ key: 'choose', label: 'Избери', onChoose: choose }]}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Избери: УниКредит Булбанк' }));
    expect(choose).toHaveBeenCalledWith(banks[0]);
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({ companyId: OWN, status: true });
  });
});
