import { Access, type MailSmtpState } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailIds, mailOf } from '../../../components/entities/mail/test-fixtures.ts';
import i18n from '../../../lib/i18n.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { signOutAfterEach, userOf } from '../../../test/users.ts';
import OutgoingMailPage from './outgoing-mail-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['mail', 'settings', 'billing']);
});
signOutAfterEach();

const held = mailOf(3, {
  state: 'held',
  to: ['office@beta.it'],
  subject: 'Fattura n. 0000000043',
  language: 'it',
  sentAt: null,
  attempts: 0,
});

function open(smtp: MailSmtpState, route = '/settings/outgoing-mail') {
  setSessionUser(userOf(Access.admin));
  let items = [held, mailOf(1)];
  const api = mockApi({
    'POST /api/settings/mail/list': () => ok({ Items: items, Total: items.length, Page: 1, Smtp: smtp }),
    'POST /api/settings/mail/retryHeld': () => {
      items = [{ ...held, state: 'queued' }, mailOf(1)];
      return ok({ count: 1 });
    },
    'POST /api/settings/mail/retry': () => {
      items = [{ ...held, state: 'queued' }, mailOf(1)];
      return ok(items[0]);
    },
    [`GET /api/settings/mail/${held._id}`]: () =>
      ok({
        ...held,
        text: 'Gentile cliente,\n\nin allegato la fattura.',
        html: '<!doctype html><html><body><p>Gentile cliente,</p><script>alert(1)</script></body></html>',
        messageId: '<m3@kantora.local>',
        smtpMessageId: null,
        nextAttemptAt: null,
      }),
  });
  renderWithProviders(<OutgoingMailPage />, { route });
  return api;
}

const listBodies = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url === '/api/settings/mail/list').map((call) => JSON.parse(String(call.init?.body)));

describe('Settings → outgoing mail', () => {
  it('shows that no mail server is set (retry not offered) and filters by state, days, recipient and document', async () => {
    const { calls } = open({ configured: false, held: 1, lastSuccessAt: null, lastErrorAt: null, lastError: null });
    const table = await screen.findByRole('table', { name: 'Изходяща поща' });
    expect(await within(table).findByText('office@beta.it')).toBeInTheDocument();
    expect(within(table).getByText('Задържан')).toBeInTheDocument();
    expect(screen.getByText('Няма настроен пощенски сървър (SMTP_URL).')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Изпрати отново/ })).not.toBeInTheDocument();
    // Held messages are sent only once a server is set.
    expect(screen.queryByRole('button', { name: /задържан/ })).not.toBeInTheDocument();
    expect(listBodies(calls)[0]).toMatchObject({ sortBy: 'created', sortDesc: true, page: 1 });

    await userEvent.click(screen.getByRole('combobox', { name: 'Състояние' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Задържан' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Получател' }), 'beta');
    await userEvent.click(screen.getByRole('combobox', { name: 'Документ' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Фактура или проформа' }));
    await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
    await waitFor(() =>
      expect(listBodies(calls).at(-1)).toMatchObject({
        state: 'held',
        recipient: 'beta',
        entityModel: 'billing_documents',
      }),
    );
  });

  it('opens filtered to a document; retries a held message once a server is set; previews it safely', async () => {
    const { calls } = open(
      {
        configured: true,
        held: 0,
        lastSuccessAt: '2026-04-01T08:30:00.000Z',
        lastErrorAt: '2026-04-01T09:00:00.000Z',
        lastError: '451 4.7.1 Try again later',
      },
      `/settings/outgoing-mail?entityModel=billing_documents&entityId=${mailIds.doc}`,
    );
    const table = await screen.findByRole('table', { name: 'Изходяща поща' });
    await within(table).findByText('office@beta.it');
    expect(listBodies(calls)[0]).toMatchObject({ entityModel: 'billing_documents', entityId: mailIds.doc });
    // The document's kind comes from its PDF: a link to the invoice.
    expect(within(table).getAllByRole('link', { name: 'Фактура' })[0]).toHaveAttribute(
      'href',
      `/invoices/${mailIds.doc}`,
    );
    expect(screen.getByText(/Последна грешка \(.+\): 451 4\.7\.1 Try again later/)).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: /^Изпрати отново: office@beta\.it/ }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.url === '/api/settings/mail/retry')
          .map((call) => JSON.parse(String(call.init?.body))),
      ).toEqual([{ mailId: held._id }]),
    );
    expect(await within(table).findByText('В опашката')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: /^Преглед: office@beta\.it/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Fattura n. 0000000043' });
    expect(await within(dialog).findByText(/in allegato la fattura/)).toBeInTheDocument();
    expect(within(dialog).getByText('<m3@kantora.local>')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Изтегли invoice-0000000042-2026-03-31.pdf' }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'HTML' }));
    const frame = within(dialog).getByTitle('HTML');
    // The HTML body runs nothing: a frame with every sandbox restriction.
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
  });

  it('sends every held message at once after asking, once a mail server is set', async () => {
    const { calls } = open({ configured: true, held: 1, lastSuccessAt: null, lastErrorAt: null, lastError: null });
    const table = await screen.findByRole('table', { name: 'Изходяща поща' });
    await within(table).findByText('office@beta.it');
    expect(screen.getByText('1 писмо чака задържано от времето без пощенски сървър.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати задържаното писмо' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Да се изпрати ли задържаното писмо сега?');
    await userEvent.click(within(question).getByRole('button', { name: 'Изпрати задържаното писмо' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url === '/api/settings/mail/retryHeld').map((call) => call.init?.body),
      ).toEqual(['{}']),
    );
    expect(await within(table).findByText('В опашката')).toBeInTheDocument();
  });
});
