import type { ContractOption, TimesheetView } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { sofiaDate } from '../../lib/sofia-time.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { TimesheetDialog } from './timesheet-dialog.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['timesheets', 'clients', 'contracts', 'parties']);
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CLIENT = { _id: uuid(1), name: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade OOD' } };
const CONTRACT: ContractOption = {
  _id: uuid(2),
  name: { bg: 'Счетоводно обслужване 2026', it: 'Servizi di contabilità 2026' },
  customerId: CLIENT._id,
  companyName: CLIENT.name,
  fromDate: '2026-01-01',
  toDate: '2099-12-31',
  status: 1,
  currency: uuid(9),
  currencyCode: 'EUR',
};
const SERVICE_ROWS = [
  {
    _id: uuid(31),
    contractId: CONTRACT._id,
    service: uuid(21),
    code: 'ACC-01',
    name: { bg: 'Счетоводство', it: 'Contabilità' },
    description: { bg: '', it: '' },
    created: '2026-01-01T00:00:00.000Z',
    addedByName: null,
  },
  {
    _id: uuid(32),
    contractId: CONTRACT._id,
    service: uuid(22),
    code: 'PAY-01',
    name: { bg: 'ТРЗ', it: 'Paghe' },
    description: { bg: '', it: '' },
    created: '2026-01-01T00:00:00.000Z',
    addedByName: null,
  },
];
const services = { 'POST /api/contract-services/list': () => ok({ Items: SERVICE_ROWS, Total: 2, Page: 1 }) };

function viewOf(n: number, overrides: Partial<TimesheetView> = {}): TimesheetView {
  return {
    _id: uuid(100 + n),
    user: uuid(50),
    userName: { bg: 'Георги Иванов', it: 'Giorgio Ivanov' },
    client: CLIENT._id,
    clientName: CLIENT.name,
    contract: CONTRACT._id,
    contractName: CONTRACT.name,
    contractFromDate: CONTRACT.fromDate,
    contractToDate: CONTRACT.toDate,
    service: uuid(21),
    serviceName: { bg: 'Счетоводство', it: 'Contabilità' },
    serviceCode: 'ACC-01',
    date: '2026-11-20',
    duration: 90,
    comment: 'Фактури',
    created: '2026-11-20T15:30:00.000Z',
    updated: null,
    currentTime: '2026-11-24T10:00:00.000Z',
    lockDays: 10,
    locked: false,
    canEdit: true,
    canDelete: false,
    ...overrides,
  };
}

const rowGroup = (name: string) => screen.getByRole('group', { name });
const saveButtons = () => screen.queryAllByRole('button', { name: /^Запази/ });

async function pickService(group: HTMLElement, name: string) {
  await userEvent.click(within(group).getByRole('button', { name: 'Избери услуга' }));
  const picker = await screen.findByRole('dialog', { name: 'Услуги по договора' });
  await userEvent.click(await within(picker).findByRole('button', { name: `Добави: ${name}` }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Услуги по договора' })).not.toBeInTheDocument());
}

describe('TimesheetDialog', () => {
  it('saves several rows as one array and shows each refused row its own errors', async () => {
    const { calls } = mockApi({
      ...services,
      'POST /api/timesheets/save': () =>
        failure(400, 'date_in_future\ntimesheet_service_not_in_contract', [
          { field: '1.date', message: 'date_in_future' },
          { field: '0.service', message: 'timesheet_service_not_in_contract' },
        ]),
    });
    renderWithProviders(<TimesheetDialog id={null} client={CLIENT} contract={CONTRACT} onClose={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Нов отчет за работно време' })).toBeInTheDocument();
    const first = rowGroup('Отработено време');
    expect(within(first).getByRole('combobox', { name: 'Клиент' })).toHaveValue('Алфа Трейд ООД');
    expect(within(first).getByRole('combobox', { name: 'Договор' })).toHaveValue(
      'Счетоводно обслужване 2026 (01.01.2026 – 31.12.2099)',
    );
    await pickService(first, 'Счетоводство');
    expect(within(first).getByRole('textbox', { name: 'Услуга' })).toHaveValue('ACC-01 · Счетоводство');
    await userEvent.type(within(first).getByRole('textbox', { name: 'Часове' }), '1');
    await userEvent.type(within(first).getByRole('textbox', { name: 'Минути' }), '30');
    expect(within(first).getByText('Продължителност: 1 час 30 минути')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Добави ред' }));
    const second = rowGroup('Ред 2');
    expect(within(second).getByRole('combobox', { name: 'Клиент' })).toHaveValue('Алфа Трейд ООД');
    expect(within(second).getByRole('textbox', { name: 'Услуга' })).toHaveValue('');
    await pickService(second, 'ТРЗ');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Часове' }), '8');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Коментар' }), 'Ведомости');
    expect(screen.getByText('Общо: 1 ден 1 час 30 минути')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/timesheets/save'))).toHaveLength(1));
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/timesheets/save'))?.init?.body));
    const today = sofiaDate();
    expect(body).toEqual([
      { client: CLIENT._id, contract: CONTRACT._id, service: uuid(21), date: today, duration: 90, comment: '' },
      {
        client: CLIENT._id,
        contract: CONTRACT._id,
        service: uuid(22),
        date: today,
        duration: 480,
        comment: 'Ведомости',
      },
    ]);
    expect(await within(rowGroup('Ред 2')).findByText('Датата не може да е в бъдещето')).toBeInTheDocument();
    expect(within(rowGroup('Ред 1')).getByText('Услугата не е от услугите по договора')).toBeInTheDocument();
    expect(within(rowGroup('Ред 1')).queryByText('Датата не може да е в бъдещето')).not.toBeInTheDocument();
    // Nothing was saved: still a new entry with its rows.
    expect(screen.getByRole('heading', { name: 'Нов отчет за работно време' })).toBeInTheDocument();
  }, 60_000);

  it('checks every row before sending: required picks, a date not in the future, 1 minute to 24 hours', async () => {
    const { calls } = mockApi({ ...services });
    renderWithProviders(<TimesheetDialog id={null} onClose={vi.fn()} />);
    await screen.findByRole('heading', { name: 'Нов отчет за работно време' });
    await userEvent.click(screen.getByRole('button', { name: 'Добави ред' }));
    const second = rowGroup('Ред 2');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Часове' }), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    const first = rowGroup('Ред 1');
    expect(await within(first).findAllByText('Полето е задължително')).toHaveLength(4);
    expect(within(second).getByText('Невалидна стойност')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/timesheets/save'))).toHaveLength(0);

    await userEvent.clear(within(second).getByRole('textbox', { name: 'Часове' }));
    await userEvent.type(within(second).getByRole('textbox', { name: 'Часове' }), '24');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Минути' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(
      await within(within(second).getByRole('group', { name: 'Продължителност' })).findByText(
        'Продължителността трябва да е от 1 минута до 24 часа',
      ),
    ).toBeInTheDocument();
    // A row can be removed while the entry is new.
    await userEvent.click(screen.getByRole('button', { name: 'Премахни ред 2' }));
    expect(screen.queryByRole('group', { name: 'Ред 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Отработено време' })).toBeInTheDocument();
  }, 60_000);

  it('opens a saved row in the single-row form and saves it as one object', async () => {
    const { calls } = mockApi({
      ...services,
      [`GET /api/timesheets/${uuid(101)}`]: () => ok(viewOf(1)),
      'POST /api/timesheets/save': () => ok(viewOf(1, { comment: 'Фактури и банка' }), 'saved_successfully'),
    });
    renderWithProviders(<TimesheetDialog id={uuid(101)} onClose={vi.fn()} />);
    const row = await screen.findByRole('group', { name: 'Отработено време' });
    expect(screen.getByRole('heading', { name: 'Отчет за работно време' })).toBeInTheDocument();
    expect(within(row).getByRole('textbox', { name: 'Часове' })).toHaveValue('1');
    expect(within(row).getByRole('textbox', { name: 'Минути' })).toHaveValue('30');
    expect(within(row).getByRole('textbox', { name: 'Услуга' })).toHaveValue('ACC-01 · Счетоводство');
    expect(screen.queryByRole('button', { name: 'Добави ред' })).not.toBeInTheDocument();
    await userEvent.type(within(row).getByRole('textbox', { name: 'Коментар' }), ' и банка');
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/timesheets/save'))).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/timesheets/save'))?.init?.body));
    expect(body).toEqual({
      _id: uuid(101),
      client: CLIENT._id,
      contract: CONTRACT._id,
      service: uuid(21),
      date: '2026-11-20',
      duration: 90,
      comment: 'Фактури и банка',
    });
  });

  it('shows a server refusal of the one-row save under its field', async () => {
    mockApi({
      [`GET /api/timesheets/${uuid(101)}`]: () => ok(viewOf(1)),
      'POST /api/timesheets/save': () => failure(400, 'date_in_future', [{ field: 'date', message: 'date_in_future' }]),
    });
    renderWithProviders(<TimesheetDialog id={uuid(101)} onClose={vi.fn()} />);
    const row = await screen.findByRole('group', { name: 'Отработено време' });
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await within(row).findByText('Датата не може да е в бъдещето')).toBeInTheDocument();
  });

  it('shows a server refusal of the duration under the hours and minutes', async () => {
    mockApi({
      [`GET /api/timesheets/${uuid(101)}`]: () => ok(viewOf(1)),
      'POST /api/timesheets/save': () =>
        failure(400, 'timesheet_duration_range', [{ field: 'duration', message: 'timesheet_duration_range' }]),
    });
    renderWithProviders(<TimesheetDialog id={uuid(101)} onClose={vi.fn()} />);
    const row = await screen.findByRole('group', { name: 'Отработено време' });
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    // Under the hours and minutes (not below the comment).
    const duration = within(row).getByRole('group', { name: 'Продължителност' });
    expect(
      await within(duration).findByText('Продължителността трябва да е от 1 минута до 24 часа'),
    ).toBeInTheDocument();
    expect(within(duration).getByRole('textbox', { name: 'Часове' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(duration).queryByRole('textbox', { name: 'Коментар' })).not.toBeInTheDocument();
  });

  it('refuses a date outside the contract before sending', async () => {
    const { calls } = mockApi({ [`GET /api/timesheets/${uuid(101)}`]: () => ok(viewOf(1, { date: '2025-12-31' })) });
    renderWithProviders(<TimesheetDialog id={uuid(101)} onClose={vi.fn()} />);
    const row = await screen.findByRole('group', { name: 'Отработено време' });
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(await within(row).findByText('Датата трябва да е между началото и края на договора')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/timesheets/save'))).toHaveLength(0);
  });

  it('says why a row of a billed period is refused (409)', async () => {
    mockApi({
      [`GET /api/timesheets/${uuid(101)}`]: () => ok(viewOf(1)),
      'POST /api/timesheets/save': () => failure(409, 'timesheet_period_invoiced'),
    });
    renderWithProviders(<TimesheetDialog id={uuid(101)} onClose={vi.fn()} />);
    await screen.findByRole('group', { name: 'Отработено време' });
    await userEvent.click(screen.getByRole('button', { name: 'Запази' }));
    expect(
      await screen.findByText(
        'Периодът е фактуриран с приложение за отработеното време: отчетите в него може да променя само администратор.',
      ),
    ).toBeInTheDocument();
    // The dialog keeps the row (nothing was saved).
    expect(screen.getByRole('button', { name: 'Запази' })).toBeInTheDocument();
  });

  it('hides Save of a locked row and says why', async () => {
    mockApi({ [`GET /api/timesheets/${uuid(101)}`]: () => ok(viewOf(1, { locked: true, canEdit: false })) });
    renderWithProviders(<TimesheetDialog id={uuid(101)} onClose={vi.fn()} />);
    expect(
      await screen.findByText(
        'Отчетът е заключен: създаден е преди повече от 10 дни. Само администратор може да го променя.',
      ),
    ).toBeInTheDocument();
    expect(saveButtons()).toHaveLength(0);
    expect(screen.getByText('Само за преглед')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Коментар' })).toBeDisabled();
  });
});
