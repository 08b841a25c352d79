import { Access } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { failure, mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { signOutAfterEach, userOf } from '../../../test/users.ts';
import { SendMailDialog } from './send-mail-dialog.tsx';
import { draftOf, mailIds, mailOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['mail', 'billing']);
});
signOutAfterEach();

const sendBodies = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url.endsWith('/invoices/sendByMail')).map((call) => JSON.parse(String(call.init?.body)));

function open(answers: Parameters<typeof mockApi>[0] = {}) {
  setSessionUser(userOf(Access.manager));
  const onClose = vi.fn();
  const onSent = vi.fn();
  const api = mockApi({
    'POST /api/invoices/mailDraft': () => ok(draftOf()),
    'POST /api/invoices/sendByMail': () => ok(mailOf(1, { state: 'held', sentAt: null }), 'mail_queued'),
    ...answers,
  });
  renderWithProviders(
    <SendMailDialog
      kind="invoice"
      documentId={mailIds.doc}
      title="Фактура № 0000000042"
      onClose={onClose}
      onSent={onSent}
    />,
  );
  return { ...api, onClose, onSent };
}

describe('the send-by-e-mail dialog', () => {
  it('starts from the mail draft: the client’s e-mails, its language’s subject and text, the layout and the XML', async () => {
    const { calls } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Изпращане по имейл: Фактура № 0000000042' });
    const recipients = await within(dialog).findByRole('list', { name: 'Получатели на писмото' });
    expect(
      within(recipients)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['office@alfa.bg', 'accounting@alfa.bg']);
    expect(within(dialog).getByRole('textbox', { name: 'Тема' })).toHaveValue(
      'Фактура № 0000000042 от 31.03.2026 — Кантора ООД',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Текст' })).toHaveValue(
      'Здравейте, Петър Стоянов,\n\nИзпращаме Ви фактура.',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Език на писмото' })).toHaveTextContent('Български');
    expect(within(dialog).getByRole('combobox', { name: 'PDF шаблон' })).toHaveTextContent('Основен шаблон');
    expect(within(dialog).getByRole('checkbox', { name: 'Приложи електронната фактура (XML)' })).toBeChecked();
    expect(JSON.parse(String(calls.find((call) => call.url.endsWith('/mailDraft'))?.init?.body))).toEqual({
      invoiceId: mailIds.doc,
    });
  });

  it('refuses a bad address, takes a good one, switches the texts with the language and sends what was chosen', async () => {
    const { calls, onClose, onSent } = open();
    const dialog = await screen.findByRole('dialog');
    const input = await within(dialog).findByRole('textbox', { name: 'Получатели' });
    await userEvent.type(input, 'not-an-address{Enter}');
    expect(within(dialog).getByText('Въведете валиден имейл адрес')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.clear(input);
    await userEvent.type(input, 'ceo@alfa.bg{Enter}');
    const recipients = within(dialog).getByRole('list', { name: 'Получатели на писмото' });
    expect(within(recipients).getAllByRole('listitem')).toHaveLength(3);
    // Removing a chip (its delete icon) leaves it out.
    const accounting = within(recipients).getByRole('button', { name: 'accounting@alfa.bg' });
    await userEvent.click(within(accounting).getByTestId('CancelIcon'));
    expect(
      within(recipients)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['office@alfa.bg', 'ceo@alfa.bg']);

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Език на писмото' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Италиански' }));
    expect(within(dialog).getByRole('textbox', { name: 'Тема' })).toHaveValue(
      'Fattura n. 0000000042 del 31.03.2026 — Kantora OOD',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'PDF шаблон' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Италиански шаблон' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Приложи електронната фактура (XML)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The template's texts are not sent back: the server renders them itself.
    expect(sendBodies(calls)).toEqual([
      {
        invoiceId: mailIds.doc,
        to: ['office@alfa.bg', 'ceo@alfa.bg'],
        language: 'it',
        layout: 'italian',
        attachXml: false,
      },
    ]);
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ state: 'held' }));
  });

  it('sends an edited subject; with no recipient it does not send; an address the server refuses is marked', async () => {
    const { calls, onClose } = open({
      'POST /api/invoices/sendByMail': () =>
        failure(400, 'please_fill_all_required_fields', [{ field: 'to.0', message: 'email_valid' }]),
      'POST /api/invoices/mailDraft': () => ok(draftOf({ to: [] })),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Клиентът няма имейли за известия/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
    expect(sendBodies(calls)).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Изпрати' })).toBeDisabled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Получатели' }), 'office@alfa.bg{Enter}');
    const subject = within(dialog).getByRole('textbox', { name: 'Тема' });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Фактура за март');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати' }));
    await waitFor(() => expect(sendBodies(calls)).toHaveLength(1));
    expect(sendBodies(calls)[0]).toMatchObject({ to: ['office@alfa.bg'], subject: 'Фактура за март', language: 'bg' });
    expect(sendBodies(calls)[0]).not.toHaveProperty('text');
    const chip = await within(dialog).findByRole('button', { name: 'office@alfa.bg' });
    await waitFor(() => expect(chip).toHaveClass('MuiChip-colorError'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
