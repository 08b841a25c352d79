import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { RegisterNumbersCard } from './register-numbers-card.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('settings');
});

const numbers = { invoices: 120, proformaInvoices: 40, invoicesIssued: 119, proformaInvoicesIssued: 0 };
const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Запази номерацията' }));

describe('RegisterNumbersCard', () => {
  it('shows the last issued number and refuses numbers that are not 1 to 10 digits', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<RegisterNumbersCard numbers={numbers} />);
    expect(field('Следващ номер на фактура')).toHaveValue('120');
    expect(screen.getByText('Последен издаден номер: 119. Следващият трябва да е по-голям.')).toBeInTheDocument();
    await userEvent.clear(field('Следващ номер на фактура'));
    await userEvent.type(field('Следващ номер на фактура'), '0');
    await userEvent.clear(field('Следващ номер на проформа фактура'));
    await save();
    expect(await screen.findByText('Невалидна стойност')).toBeInTheDocument();
    expect(screen.getByText('Полето е задължително')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server refusal to go back below an issued number under the field', async () => {
    const { calls } = mockApi({
      'POST /api/settings/invoices/saveRegisterNumbers': () =>
        failure(400, 'register_number_below_issued', [{ field: 'invoices', message: 'register_number_below_issued' }]),
    });
    renderWithProviders(<RegisterNumbersCard numbers={numbers} />);
    await userEvent.clear(field('Следващ номер на фактура'));
    await userEvent.type(field('Следващ номер на фактура'), '100');
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ invoices: 100, proformaInvoices: 40 });
    expect(await screen.findAllByText(/Номерът не може да е по-малък от вече издадените/)).not.toHaveLength(0);
    expect(field('Следващ номер на фактура')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves and keeps the saved numbers', async () => {
    mockApi({
      'POST /api/settings/invoices/saveRegisterNumbers': () => ok({ ...numbers, invoices: 1000 }, 'saved_successfully'),
    });
    renderWithProviders(<RegisterNumbersCard numbers={numbers} />);
    await userEvent.clear(field('Следващ номер на фактура'));
    await userEvent.type(field('Следващ номер на фактура'), '1000');
    await save();
    expect(await screen.findByText('Записано успешно')).toBeInTheDocument();
    expect(field('Следващ номер на фактура')).toHaveValue('1000');
  });
});
