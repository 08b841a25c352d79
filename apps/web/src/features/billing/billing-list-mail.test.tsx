import { Access, type BillingRow } from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOf } from '../../components/entities/mail/test-fixtures.ts';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { signOutAfterEach } from '../../test/users.ts';
import { BillingListPage } from './billing-list-page.tsx';
import { docOf, userOf } from './test-fixtures.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'clients', 'mail']);
});
signOutAfterEach();

const rowOf = (n: number): BillingRow => {
  const { rights: _rights, ...row } = docOf('invoice', true);
  return {
    ...row,
    _id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    number: `00000000${40 + n}`,
  };
};
const rows = [rowOf(1), rowOf(2), rowOf(3)];

function open(access: number) {
  setSessionUser(userOf(access));
  const api = mockApi({
    'GET /api/invoices/getDocsCount': () => ok({ issued: 3, drafts: 0 }),
    'POST /api/invoices/list': () => ok({ Items: rows, Total: rows.length, Page: 1 }),
    'POST /api/invoices/sendManyByMail': (init) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: string[] };
      const items = ids.map((id, index) =>
        index === 1
          ? { _id: id, number: '0000000043', sent: false, mail: null, message: 'mail_no_recipients' }
          : {
              _id: id,
              number: rows.find((row) => row._id === id)?.number ?? null,
              sent: true,
              mail: mailOf(index, { state: 'held', sentAt: null }),
              message: null,
            },
      );
      return ok({ items, sent: items.filter((item) => item.sent).length, failed: 1 });
    },
  });
  renderWithProviders(<BillingListPage kind="invoice" />);
  return api;
}

describe('sending chosen invoices by e-mail from the list', () => {
  it('management picks issued invoices and sends them, each to its client, and reads the result per invoice', async () => {
    const { calls } = open(Access.manager);
    const table = await screen.findByRole('table', { name: 'Фактури: Издадени' });
    await within(table).findByText('0000000041');
    const send = screen.getByRole('button', { name: 'Изпрати по имейл' });
    expect(send).toBeDisabled();
    const boxes = within(table).getAllByRole('checkbox', { name: 'Избери реда' });
    await userEvent.click(boxes[0]);
    await userEvent.click(boxes[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Изпрати по имейл (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Изпращане на 2 документа по имейл' });
    expect(within(dialog).getByRole('combobox', { name: 'Език на писмото' })).toHaveTextContent(
      'Езикът на всеки клиент',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Приложи електронната фактура (XML)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Изпрати 2 документа' }));

    expect(await within(dialog).findByText('Приети за изпращане: 1 от 2.')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/sendManyByMail'))?.init?.body));
    expect(body).toEqual({ ids: [rows[0]._id, rows[1]._id], layout: 'invoice', attachXml: false });
    const results = within(dialog).getByRole('list', { name: 'Резултат по документи' });
    const [first, second] = within(results).getAllByRole('listitem');
    expect(first).toHaveTextContent('Фактура № 0000000041');
    expect(first).toHaveTextContent('Задържан');
    expect(second).toHaveTextContent('Фактура № 0000000043');
    expect(second).toHaveTextContent('Клиентът няма имейли за известяване');
    expect(second).toHaveTextContent('Не е изпратен');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Затвори' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Изпрати по имейл' })).toBeDisabled());
  });

  it('an accountant chooses nothing and sends nothing', async () => {
    open(Access.accountant);
    const table = await screen.findByRole('table', { name: 'Фактури: Издадени' });
    await within(table).findByText('0000000041');
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Изпрати по имейл/ })).not.toBeInTheDocument();
  });
});
