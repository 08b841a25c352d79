import { Access } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { signOutAfterEach, userOf } from '../../../test/users.ts';
import { MailHistoryCard } from './mail-history-card.tsx';
import { mailIds, mailOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['mail']);
});
signOutAfterEach();

const failed = mailOf(2, {
  state: 'failed',
  to: ['wrong@alfa.bg'],
  attempts: 1,
  sentAt: null,
  lastError: '550 5.1.1 <wrong@alfa.bg>: Recipient address rejected',
});

function open(access: number) {
  setSessionUser(userOf(access));
  let history = [failed, mailOf(1)];
  const onSend = vi.fn();
  const api = mockApi({
    'POST /api/invoices/mails': () => ok(history),
    'POST /api/settings/mail/retry': () => {
      history = [{ ...failed, state: 'queued', lastError: null }, mailOf(1)];
      return ok(history[0]);
    },
  });
  renderWithProviders(<MailHistoryCard kind="invoice" documentId={mailIds.doc} onSend={onSend} />);
  return { ...api, onSend };
}

describe("an issued document's mail history", () => {
  it('lists each message with its recipients, state and the error of a failed one; the admin retries it', async () => {
    const { calls } = open(Access.admin);
    const list = await screen.findByRole('list', { name: 'Изпратени писма' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('wrong@alfa.bg');
    expect(first).toHaveTextContent('Неуспешен');
    expect(first).toHaveTextContent('Грешка: 550 5.1.1 <wrong@alfa.bg>: Recipient address rejected');
    expect(second).toHaveTextContent('office@alfa.bg');
    expect(second).toHaveTextContent('Изпратен');
    expect(within(second).queryByRole('button', { name: 'Изпрати отново' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вижте ги в Изходяща поща' })).toHaveAttribute(
      'href',
      `/settings/outgoing-mail?entityModel=billing_documents&entityId=${mailIds.doc}`,
    );

    await userEvent.click(within(first).getByRole('button', { name: 'Изпрати отново' }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.url === '/api/settings/mail/retry')
          .map((call) => JSON.parse(String(call.init?.body))),
      ).toEqual([{ mailId: failed._id }]),
    );
    // The history is read again: the message is back in the queue.
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('В опашката'));
    expect(within(list).getAllByRole('listitem')[0]).not.toHaveTextContent('Грешка');
  });

  it('a manager cannot retry but sends the document again through the dialog', async () => {
    const { onSend, calls } = open(Access.manager);
    const list = await screen.findByRole('list', { name: 'Изпратени писма' });
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first).queryByRole('button', { name: 'Изпрати отново' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Вижте ги в Изходяща поща' })).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Изпрати пак' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати по имейл' }));
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(calls.some((call) => call.url.includes('/retry'))).toBe(false);
  });
});
