import { Access, ContractStatus, type ContractView } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { failure, ok } from '../../test/render.tsx';
import { signOutAfterEach } from '../../test/users.ts';
import { openContractPage } from './test-page.tsx';
import { contractOf, ids } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['contracts', 'parties', 'clients', 'settings', 'documents']);
  await import('./details-tab.tsx');
}, 60_000);
signOutAfterEach();

const otherEur = '00000000-0000-4000-8000-0000000000b4';
const account = (
  _id: string,
  name: string,
  iban: string,
  currencyCode: 'BGN' | 'EUR',
  flags: { default?: boolean; default2?: boolean } = {},
) => ({
  _id,
  myCompanyId: ids.myCompany,
  name: { bg: name, it: name },
  address: { bg: 'София', it: 'Sofia' },
  bic: 'UNCRBGSF',
  iban,
  currency: currencyCode === 'EUR' ? ids.euro : ids.lev,
  currencyCode,
  currencyName: null,
  status: true,
  default: flags.default ?? false,
  default2: flags.default2 ?? false,
});
const banks = [
  account(ids.bgn, 'УниКредит', 'BG32UNCR70001520345678', 'BGN', { default: true }),
  account(ids.eur, 'УниКредит EUR', 'BG80BNBG96611020345678', 'EUR', { default2: true }),
  account(otherEur, 'ДСК EUR', 'BG18STSA93000012345678', 'EUR'),
];
const myCompany = {
  _id: ids.myCompany,
  name: { bg: 'Кантора ЕООД', it: 'Kantora EOOD' },
  bulstat: '201234567',
  vatNumber: 'BG201234567',
  banks,
};
const snapshotOf = (bank: (typeof banks)[number]) => ({
  bankId: bank._id,
  name: bank.name,
  address: bank.address,
  bic: bank.bic,
  iban: bank.iban,
  currency: bank.currencyCode,
});

/** A registered EUR contract with the default accounts, as `access` gets it. */
function registered(access: number = Access.manager, extra: Partial<ContractView> = {}): ContractView {
  const base = contractOf(ContractStatus.registered, access);
  return {
    ...base,
    providerBank: ids.bgn,
    providerBank2: ids.eur,
    provider: { ...base.provider!, bank: snapshotOf(banks[0]), bank2: snapshotOf(banks[1]) },
    ...extra,
  };
}

const open = (contract: ContractView, access: number, answers: Record<string, () => Response> = {}) =>
  openContractPage(contract, access, { 'GET /api/metaData/getMyCompany': () => ok(myCompany), ...answers });
const saveBanksCalls = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url.endsWith('/contracts/saveBanks')).map((call) => JSON.parse(String(call.init?.body)));
const provider = () => screen.findByRole('region', { name: 'Доставчик' });

async function openDialog() {
  await userEvent.click(await within(await provider()).findByRole('button', { name: 'Смени сметките' }));
  const dialog = await screen.findByRole('dialog', { name: 'Сметки на доставчика по договора' });
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: /Сметка в евро/ })).toHaveTextContent('УниКредит EUR'),
  );
  return dialog;
}

// Whole pages with MUI on a shared, busy machine: more time than a unit test's default.
describe("the registered contract's change banks dialog", { timeout: 60_000 }, () => {
  it("lets a manager choose another EUR account and saves only the banks; the card shows the server's answer", async () => {
    const changed = registered(Access.manager, {
      providerBank2: otherEur,
      provider: { ...registered().provider!, bank2: snapshotOf(banks[2]) },
    });
    const { calls } = open(registered(), Access.manager, {
      'POST /api/contracts/saveBanks': () => ok(changed, 'saved_successfully'),
    });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/променят се само сметките на доставчика/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Сметка в лева/ })).toHaveTextContent(/^УниКредит$/);
    // The chosen accounts' IBANs under the fields; the EUR account of a EUR contract is required.
    expect(within(dialog).getByText('IBAN BG32UNCR70001520345678')).toBeInTheDocument();
    expect(within(dialog).getByText('IBAN BG80BNBG96611020345678')).toBeInTheDocument();
    expect(within(dialog).getByText('Задължителна за договор във валута EUR')).toBeInTheDocument();

    // The EUR picker offers the own company's EUR accounts only.
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Сметка в евро/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['УниКредит EURBG80BNBG96611020345678', 'ДСК EURBG18STSA93000012345678']);
    await userEvent.click(screen.getByRole('option', { name: /^ДСК EUR/ }));
    expect(within(dialog).getByText('IBAN BG18STSA93000012345678')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази и затвори' }));

    await waitFor(() =>
      expect(saveBanksCalls(calls)).toEqual([{ contractId: ids.contract, bank: ids.bgn, bank2: otherEur }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await provider()).findByText(/ДСК EUR · EUR/)).toBeInTheDocument();
  });

  it('asks a contract without the account of its currency (older data) for one before saving, and marks the field', async () => {
    const withoutEur = registered(Access.admin, {
      providerBank2: null,
      provider: { ...registered().provider!, bank2: null },
    });
    const { calls } = open(withoutEur, Access.admin, {
      'POST /api/contracts/saveBanks': () => ok(registered(Access.admin), 'saved_successfully'),
    });
    await userEvent.click(await within(await provider()).findByRole('button', { name: 'Смени сметките' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сметки на доставчика по договора' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Сметка в лева/ })).toHaveTextContent('УниКредит'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    expect(
      await within(dialog).findByText('Изберете сметка на доставчика във валутата на договора'),
    ).toBeInTheDocument();
    expect(saveBanksCalls(calls)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Сметка в евро/ }));
    await userEvent.click(screen.getByRole('option', { name: /^УниКредит EUR/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    await waitFor(() =>
      expect(saveBanksCalls(calls)).toEqual([{ contractId: ids.contract, bank: ids.bgn, bank2: ids.eur }]),
    );
  });

  it("shows the server's refusal on the account it names", async () => {
    const { calls } = open(registered(), Access.manager, {
      'POST /api/contracts/saveBanks': () =>
        failure(400, 'no_provider_bank_in_currency', [{ field: 'bank2', message: 'no_provider_bank_in_currency' }]),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(saveBanksCalls(calls)).toHaveLength(1));
    expect(
      await within(dialog).findByText('Изберете сметка на доставчика във валутата на договора'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Сметки на доставчика по договора' })).toBeInTheDocument();
  });

  it('is offered to management on a registered contract only: not to an employee or an accountant, not on a draft or a canceled one', async () => {
    for (const access of [Access.employee, Access.accountant]) {
      const { unmount } = open(registered(access), access);
      await screen.findByRole('heading', { name: 'Данни на договора' });
      expect(screen.queryByRole('button', { name: 'Смени сметките' })).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
    for (const status of [ContractStatus.draft, ContractStatus.canceled]) {
      const { unmount } = open({ ...registered(), status, rights: contractOf(status).rights }, Access.manager);
      await screen.findByRole('heading', { name: 'Данни на договора' });
      expect(screen.queryByRole('button', { name: 'Смени сметките' })).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
