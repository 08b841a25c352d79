import { TOKEN_COOKIE } from '@kantora/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeCookie } from '../../lib/cookies.ts';
import { authorizationOf, failure, LocationProbe, mockApi, ok, TestProviders } from '../../test/render.tsx';
import InvitationPage, { afterAnswerPath } from './invitation-page.tsx';

const ID = '6f1c1b8e-3c3a-4b7e-9a59-0f1f6f1c1b8e';
const preview = (isAlreadyAnswered = false) => ({
  isAlreadyAnswered,
  event: {
    allDay: false,
    fromDate: '2025-07-01T07:00:00.000Z',
    toDate: '2025-07-01T08:30:00.000Z',
    categoryName: { bg: 'Вътрешна среща', it: 'Riunione interna' },
    categoryColor: '#1565C0',
    title: 'Седмична среща',
    comment: 'Зала 2',
    invitedNames: [{ bg: 'Георги Иванов', it: 'Giorgio Ivanov' }],
    createdByName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
    created: '2025-06-20T09:00:00.000Z',
  },
});

function renderPage() {
  return render(
    <TestProviders route={`/events/invitation/${ID}`}>
      <Routes>
        <Route path="/events/invitation/:id" element={<InvitationPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </TestProviders>,
  );
}
const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('public invitation page', () => {
  it('shows the read-only preview in Sofia time without sending a token', async () => {
    writeCookie(TOKEN_COOKIE, 'some-token');
    const api = mockApi({ [`GET /api/events/invitation/preview/${ID}`]: () => ok(preview()) });
    renderPage();
    expect(await screen.findByText('Седмична среща')).toBeInTheDocument();
    for (const text of [
      '01.07.2025 10:00',
      '01.07.2025 11:30',
      'Вътрешна среща',
      'Зала 2',
      'Георги Иванов',
      'Мария Петрова',
      'Не',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(authorizationOf(api.calls[0].init)).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Приеми' })).toBeInTheDocument();
  });

  it('says when the invitation was answered already and offers the sign-in page', async () => {
    mockApi({ [`GET /api/events/invitation/preview/${ID}`]: () => ok(preview(true)) });
    renderPage();
    expect(await screen.findByText('Вече сте отговорили на тази покана.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Приеми' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Към входа' }));
    expect(location()).toBe('/login');
  });

  it('refuses with a required reason and a confirmation, then goes to /login after 3 seconds', async () => {
    const api = mockApi({
      [`GET /api/events/invitation/preview/${ID}`]: () => ok(preview()),
      'POST /api/events/invitation/refuse': () => ok(preview(true), 'saved_successfully'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Откажи' }));
    const dialog = await screen.findByRole('dialog', { name: /Откажи поканата/ });
    fireEvent.submit(dialog.querySelector('form')!);
    expect(await screen.findByText('Полето е задължително')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Причина/ }), 'В отпуск съм');
    await userEvent.click(screen.getAllByRole('button', { name: 'Откажи' }).at(-1)!);
    // The confirmation text.
    expect(await screen.findByText('Сигурни ли сте, че искате да откажете поканата?')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getAllByRole('button', { name: 'Откажи' }).at(-1)!);
    expect(await screen.findByText(/Отговорът ви е записан/)).toBeInTheDocument();
    const body = JSON.parse(String(api.calls.find((call) => call.url.endsWith('/refuse'))!.init!.body));
    expect(body).toEqual({ eventInvitationId: ID, reason: 'В отпуск съм' });
    expect(location()).toBe(`/events/invitation/${ID}`);
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('accepts after the confirmation, and shows an answer given meanwhile as answered', async () => {
    let answered = false;
    mockApi({
      [`GET /api/events/invitation/preview/${ID}`]: () => ok(preview(answered)),
      'POST /api/events/invitation/accept': () => {
        answered = true;
        return failure(409, 'invitation_already_answered');
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Приеми' }));
    expect(await screen.findByText('Сигурни ли сте, че искате да приемете поканата?')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Приеми' }).at(-1)!);
    expect(await screen.findByText('На тази покана вече е отговорено')).toBeInTheDocument();
    expect(await screen.findByText('Вече сте отговорили на тази покана.')).toBeInTheDocument();
  });

  it('reports an unknown invitation', async () => {
    mockApi({ [`GET /api/events/invitation/preview/${ID}`]: () => failure(404, 'not_found') });
    renderPage();
    expect(await screen.findByText('Поканата не е намерена. Проверете връзката.')).toBeInTheDocument();
  });

  it('moves on to the calendar when signed in, else to the sign-in page', () => {
    expect(afterAnswerPath()).toBe('/login');
    writeCookie(TOKEN_COOKIE, 'some-token');
    expect(afterAnswerPath()).toBe('/calendar');
  });
});
