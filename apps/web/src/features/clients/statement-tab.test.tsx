import { Access, type Client, sofiaDay } from '@kantora/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { signOutAfterEach, userOf } from '../../test/users.ts';
import StatementTab from './statement-tab.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['clients', 'reminders', 'mail']);
});
signOutAfterEach();

const clientId = '00000000-0000-4000-8000-0000000000c1';
const client = {
  _id: clientId,
  name: { bg: 'Роси Консулт СРЛ', it: 'Rossi Consulting SRL' },
  bulstat: '01234567890',
  vatNumber: 'IT01234567890',
  notificationsEmails: ['amministrazione@rossi.it'],
} as Client;

const pdf = () =>
  new Response('%PDF-1.7', {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="statement.pdf"' },
  });

function open(access: number) {
  setSessionUser(userOf(access));
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:pdf');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const api = mockApi({
    [`GET /api/companies/${clientId}`]: () => ok(client),
    'POST /api/receivables/statement': () => pdf(),
    'POST /api/receivables/statement/sendByMail': () => ok({ _id: 'm' }, 'mail_queued'),
  });
  renderWithProviders(<StatementTab clientId={clientId} canWrite={access !== Access.accountant} />);
  return { ...api, createObjectURL };
}

const bodiesOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((call) => call.url === path).map((call) => JSON.parse(String(call.init?.body)));

/** Sets a date field's value as a paste does (the picker's hidden input takes a whole valid date). */
const pasteDate = (name: string, text: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no ${name} input`);
  fireEvent.change(input, { target: { value: text } });
};

describe("the client's statement tab", () => {
  it('downloads the PDF of this year so far in the client’s language (Italian for an Italian VAT number)', async () => {
    const { calls, createObjectURL } = open(Access.accountant);
    const form = await screen.findByRole('form', { name: 'Извлечение по сметка' });
    const today = sofiaDay();
    expect(document.querySelector<HTMLInputElement>('input[name="fromDate"]')?.value).toBe(
      `01.01.${today.slice(0, 4)}`,
    );
    expect(form).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Език на извлечението' })).toHaveTextContent('Италиански');
    // The accountant downloads; sending is for management.
    expect(screen.queryByRole('button', { name: 'Изпрати по имейл' })).not.toBeInTheDocument();
    pasteDate('fromDate', '01.02.2026');
    pasteDate('toDate', '30.04.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Изтегли PDF' }));
    await waitFor(() =>
      expect(bodiesOf(calls, '/api/receivables/statement')).toEqual([
        { clientId, fromDate: '2026-02-01', toDate: '2026-04-30', language: 'it' },
      ]),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
  });

  it('refuses a period that ends before it starts without calling the server', async () => {
    const { calls } = open(Access.manager);
    await screen.findByRole('form', { name: 'Извлечение по сметка' });
    pasteDate('fromDate', '01.05.2026');
    pasteDate('toDate', '30.04.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Изтегли PDF' }));
    expect((await screen.findAllByText('Краят на периода е преди началото му')).length).toBeGreaterThan(0);
    expect(bodiesOf(calls, '/api/receivables/statement')).toEqual([]);
  });

  it("a manager sends it by mail to the client's notification e-mails, another address added", async () => {
    const { calls } = open(Access.manager);
    await screen.findByRole('form', { name: 'Извлечение по сметка' });
    pasteDate('fromDate', '01.01.2026');
    pasteDate('toDate', '31.03.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати по имейл' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изпращане на извлечението' });
    expect(within(dialog).getByText('amministrazione@rossi.it')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Получатели' }), 'ceo@rossi.it{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
    await waitFor(() =>
      expect(bodiesOf(calls, '/api/receivables/statement/sendByMail')).toEqual([
        {
          clientId,
          fromDate: '2026-01-01',
          toDate: '2026-03-31',
          language: 'it',
          to: ['amministrazione@rossi.it', 'ceo@rossi.it'],
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open when the server refuses, and refuses to send to nobody', async () => {
    setSessionUser(userOf(Access.admin));
    const { calls } = mockApi({
      [`GET /api/companies/${clientId}`]: () => ok({ ...client, notificationsEmails: [] }),
      'POST /api/receivables/statement/sendByMail': () => failure(400, 'mail_no_recipients'),
    });
    renderWithProviders(<StatementTab clientId={clientId} canWrite />);
    await screen.findByRole('form', { name: 'Извлечение по сметка' });
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати по имейл' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изпращане на извлечението' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
    expect(await within(dialog).findByText('Полето е задължително')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/receivables/statement/sendByMail')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Получатели' }), 'x@rossi.it{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
    await waitFor(() => expect(bodiesOf(calls, '/api/receivables/statement/sendByMail')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Изпращане на извлечението' })).toBeInTheDocument();
  });
});
