import { Access, type CalendarEventDetails, type CurrentUserInfo } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { EventDialog } from './event-dialog.tsx';

const CATEGORY = '6f1c1b8e-3c3a-4b7e-9a59-0f1f6f1c1b8e';
const categories = [{ _id: CATEGORY, name: { bg: 'Среща', it: 'Riunione' }, color: '#1565C0' }];
const person = (id: string, bg: string) => ({ _id: id, fullName: { bg, it: bg }, access: 2 });
const user = (access: number, id = 'me'): CurrentUserInfo => ({
  id,
  access,
  fullName: { bg: 'Аз', it: 'Io' },
  isProduction: false,
  locale: 'bg',
  email: 'me@x',
});
const stored: CalendarEventDetails = {
  _id: 'e1',
  user: 'creator',
  userName: { bg: 'Георги Иванов', it: 'Giorgio Ivanov' },
  category: CATEGORY,
  categoryName: categories[0].name,
  categoryColor: '#1565C0',
  fromDate: '2025-07-01',
  toDate: '2025-07-02',
  allDay: true,
  title: 'Отпуск',
  comment: '',
  invited: ['p1'],
  invitedUsers: [person('p1', 'Елена Димитрова')],
  createdBy: 'creator',
  createdByName: { bg: 'Георги Иванов', it: 'Giorgio Ivanov' },
  created: '2025-06-01T10:00:00.000Z',
  updated: null,
};
const invitations = [
  {
    _id: 'i1',
    user: 'p1',
    userName: { bg: 'Елена Димитрова', it: 'Elena' },
    status: false,
    isAlreadyAnswered: true,
    acceptedOn: null,
    refusedOn: '2025-06-02T10:00:00.000Z',
    refusedReason: 'Болна съм',
    stillInvited: true,
    created: '2025-06-01T10:00:00.000Z',
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('event dialog', () => {
  it('checks the form with the server schema: title required, toDate not before fromDate', async () => {
    const api = mockApi({ 'GET /api/metaData/getEmployeesUsers': () => ok([]) });
    renderWithProviders(
      <EventDialog
        target={{
          defaults: {
            allDay: false,
            fromDate: '2025-07-01T08:00:00.000Z',
            toDate: '2025-07-01T07:00:00.000Z',
            category: CATEGORY,
          },
        }}
        user={user(Access.employee)}
        categories={categories}
        onClose={() => undefined}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Запази' }));
    expect(await screen.findByText('Крайната дата не може да е преди началната')).toBeInTheDocument();
    expect(screen.getByText('Полето е задължително')).toBeInTheDocument();
    expect(api.calls.some((call) => call.url === '/api/events/save')).toBe(false);
  });

  it('shows another employee’s event read-only with its answers and refusal reasons', async () => {
    mockApi({ 'GET /api/events/e1': () => ok(stored), 'GET /api/events/e1/invitations': () => ok(invitations) });
    renderWithProviders(
      <EventDialog
        target={{ id: 'e1' }}
        user={user(Access.employee)}
        categories={categories}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByText('Само за преглед')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Запази' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Изтрий' })).toBeNull();
    expect(await screen.findByText('Отказана')).toBeInTheDocument();
    expect(screen.getByText('Причина: Болна съм')).toBeInTheDocument();
    expect(screen.getByText('Отказана на 02.06.2025 13:00')).toBeInTheDocument();
  });

  it('lets management delete after a confirmation', async () => {
    const onClose = vi.fn();
    const api = mockApi({
      'GET /api/events/e1': () => ok(stored),
      'GET /api/events/e1/invitations': () => ok([]),
      'GET /api/metaData/getAllEmployeeUsers': () => ok([person('p1', 'Елена Димитрова')]),
      'POST /api/events/remove': () => ok(true, 'deleted_successfully'),
    });
    renderWithProviders(
      <EventDialog target={{ id: 'e1' }} user={user(Access.manager)} categories={categories} onClose={onClose} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Изтрий' }));
    expect(await screen.findByText(/Сигурни ли сте, че искате да изтриете събитието/)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Изтрий' });
    await userEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(api.calls.find((call) => call.url === '/api/events/remove')!.init!.body))).toEqual({
      eventId: 'e1',
    });
  });
});
