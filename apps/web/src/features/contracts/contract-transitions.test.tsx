import { Access, ContractStatus } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
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

const bodyOf = (calls: { url: string; init?: RequestInit }[], path: string) => {
  const call = calls.find((entry) => entry.url.endsWith(path));
  return call ? JSON.parse(String(call.init?.body)) : undefined;
};

// Whole pages with MUI on a shared, busy machine: more time than a unit test's default.
describe('the contract transitions', { timeout: 60_000 }, () => {
  it('registers a draft after the confirmation and shows the new status', async () => {
    const { calls } = openContractPage(contractOf(ContractStatus.draft), Access.manager, {
      'POST /api/contracts/register': () => ok(contractOf(ContractStatus.registered), 'saved_successfully'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Регистрирай' }));
    const dialog = await screen.findByRole('dialog', { name: 'Регистриране на договора' });
    expect(within(dialog).getByText(/След това данните и услугите му не могат да се променят/)).toBeInTheDocument();
    expect(bodyOf(calls, '/contracts/register')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Регистрирай' }));
    await waitFor(() => expect(bodyOf(calls, '/contracts/register')).toEqual({ contractId: ids.contract }));
    expect(await screen.findByText('Регистриран')).toBeInTheDocument();
    // The dialog's own Регистрирай stays while the dialog fades out: wait for both to go.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Регистрирай' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Анулирай договора' })).toBeInTheDocument();
  });

  it('mentions the proforma invoice for an advance contract; cancelling the question registers nothing', async () => {
    const { calls } = openContractPage(
      contractOf(ContractStatus.draft, Access.manager, { isAdvance: true }),
      Access.manager,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Регистрирай' }));
    const dialog = await screen.findByRole('dialog', { name: 'Регистриране на договора' });
    expect(within(dialog).getByText(/проформа фактура/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(calls, '/contracts/register')).toBeUndefined();
  });

  it('asks for services before registering a contract without any', async () => {
    openContractPage(contractOf(ContractStatus.draft, Access.manager, { servicesCount: 0 }), Access.manager);
    await userEvent.click(await screen.findByRole('button', { name: 'Регистрирай' }));
    expect(await screen.findByText('Моля, добавете поне една услуга към договора')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks for the provider's account of the contract's currency before registering: the EUR account of a EUR contract", async () => {
    const draft = contractOf(ContractStatus.draft);
    const { calls } = openContractPage(
      { ...draft, providerBank2: null, provider: { ...draft.provider!, bank2: null } },
      Access.manager,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Регистрирай' }));
    const provider = screen.getByRole('region', { name: 'Доставчик' });
    expect(await within(provider).findByRole('alert')).toHaveTextContent(
      'Изберете сметка на доставчика във валутата на договора',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodyOf(calls, '/contracts/register')).toBeUndefined();
  });

  it('marks the account the server names when it refuses to register', async () => {
    const { calls } = openContractPage(contractOf(ContractStatus.draft), Access.manager, {
      'POST /api/contracts/register': () =>
        failure(400, 'no_provider_bank_in_currency', [
          { field: 'providerBank2', message: 'no_provider_bank_in_currency' },
        ]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Регистрирай' }));
    const dialog = await screen.findByRole('dialog', { name: 'Регистриране на договора' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Регистрирай' }));
    await waitFor(() => expect(bodyOf(calls, '/contracts/register')).toEqual({ contractId: ids.contract }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const provider = screen.getByRole('region', { name: 'Доставчик' });
    expect(await within(provider).findByRole('alert')).toHaveTextContent(
      'Изберете сметка на доставчика във валутата на договора',
    );
    expect(screen.getByText('Чернова')).toBeInTheDocument();
  });

  it('cancels a registered contract: confirmation, then a reason that is required', async () => {
    const canceled = contractOf(ContractStatus.canceled, Access.manager, {
      cancelationReason: 'Прекратено по взаимно съгласие',
      canceledOn: '2026-03-01T10:00:00Z',
    });
    const { calls } = openContractPage(contractOf(ContractStatus.registered), Access.manager, {
      'POST /api/contracts/cancel': () => ok(canceled, 'saved_successfully'),
    });
    expect(await screen.findByRole('button', { name: 'Анулирай договора' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Върни в чернова' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Анулирай договора' }));
    const question = await screen.findByRole('dialog', { name: 'Анулиране на договора' });
    await userEvent.click(within(question).getByRole('button', { name: 'Потвърди' }));
    const reasonDialog = await screen.findByRole('dialog', { name: 'Причина за анулирането' });
    const reason = within(reasonDialog).getByRole('textbox', { name: 'Причина за анулиране' });
    await userEvent.click(within(reasonDialog).getByRole('button', { name: 'Анулирай договора' }));
    expect(await within(reasonDialog).findByText('Полето е задължително')).toBeInTheDocument();
    expect(bodyOf(calls, '/contracts/cancel')).toBeUndefined();
    await userEvent.click(reason);
    await userEvent.paste('Прекратено по взаимно съгласие');
    await userEvent.click(within(reasonDialog).getByRole('button', { name: 'Анулирай договора' }));
    await waitFor(() =>
      expect(bodyOf(calls, '/contracts/cancel')).toEqual({
        contractId: ids.contract,
        cancelationReason: 'Прекратено по взаимно съгласие',
      }),
    );
    expect(await screen.findByText('Анулиран. Причина: Прекратено по взаимно съгласие')).toBeInTheDocument();
  });

  it('lets only the admin return a contract to draft, after the confirmation', async () => {
    const { calls } = openContractPage(contractOf(ContractStatus.canceled, Access.admin), Access.admin, {
      'POST /api/contracts/deregister': () => ok(contractOf(ContractStatus.draft, Access.admin), 'saved_successfully'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Върни в чернова' }));
    const dialog = await screen.findByRole('dialog', { name: 'Връщане в чернова' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Върни в чернова' }));
    await waitFor(() => expect(bodyOf(calls, '/contracts/deregister')).toEqual({ contractId: ids.contract }));
    expect(await screen.findByRole('button', { name: 'Регистрирай' })).toBeInTheDocument();
  });

  it('shows an employee no transition buttons', async () => {
    openContractPage(contractOf(ContractStatus.registered, Access.employee), Access.employee);
    await screen.findByText('Само за преглед: договорите се променят от управителите.');
    for (const name of ['Регистрирай', 'Анулирай договора', 'Върни в чернова', 'Запази'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});
