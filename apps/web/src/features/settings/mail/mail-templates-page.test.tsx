import {
  Access,
  DEFAULT_MAIL_TEMPLATES,
  LOCALES,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_PLACEHOLDERS,
  type MailTemplateView,
} from '@kantora/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { signOutAfterEach, userOf } from '../../../test/users.ts';
import MailTemplatesPage from './mail-templates-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['mail', 'settings']);
});
signOutAfterEach();

const defaults = (): MailTemplateView[] =>
  MAIL_TEMPLATE_KINDS.flatMap((kind) =>
    LOCALES.map((language) => ({
      kind,
      language,
      ...DEFAULT_MAIL_TEMPLATES[kind][language],
      isDefault: true,
      updated: null,
      placeholders: MAIL_TEMPLATE_PLACEHOLDERS[kind],
    })),
  );

function open() {
  setSessionUser(userOf(Access.admin));
  const api = mockApi({
    'POST /api/settings/mail-templates/list': () => ok(defaults()),
    'POST /api/settings/mail-templates/save': (init) => {
      const body = JSON.parse(String(init?.body));
      return ok({
        ...body,
        isDefault: false,
        updated: '2026-04-02T10:00:00.000Z',
        placeholders: MAIL_TEMPLATE_PLACEHOLDERS.invoice,
      });
    },
    'POST /api/settings/mail-templates/reset': (init) => {
      const body = JSON.parse(String(init?.body));
      return ok(defaults().find((item) => item.kind === body.kind && item.language === body.language));
    },
  });
  renderWithProviders(<MailTemplatesPage />);
  return api;
}

const bodiesOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((call) => call.url === path).map((call) => JSON.parse(String(call.init?.body)));

describe('Settings → mail templates', () => {
  it('shows each kind in both languages with its placeholders; saves an edited one and puts it back to the default', async () => {
    const { calls } = open();
    await screen.findAllByRole('textbox', { name: 'Тема' });
    expect(screen.getByRole('tab', { name: 'Фактура' })).toHaveAttribute('aria-selected', 'true');
    const bulgarian = screen.getByRole('region', { name: 'Български' });
    expect(within(bulgarian).getByRole('textbox', { name: 'Тема' })).toHaveValue(
      DEFAULT_MAIL_TEMPLATES.invoice.bg.subject,
    );
    expect(within(bulgarian).getByText('Стандартен шаблон')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Полета' })).toHaveTextContent('{{dueDate}}срок за плащане');
    // Nothing changed: nothing to save, and a default has nothing to reset.
    expect(within(bulgarian).getByRole('button', { name: 'Запази: Български' })).toBeDisabled();
    expect(within(bulgarian).getByRole('button', { name: 'Стандартен текст: Български' })).toBeDisabled();

    const subject = within(bulgarian).getByRole('textbox', { name: 'Тема' });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Фактура {{{{number}} от Кантора');
    const body = within(bulgarian).getByRole('textbox', { name: 'Текст' });
    await userEvent.clear(body);
    await userEvent.type(body, 'Здравейте, ');
    await userEvent.click(within(bulgarian).getByRole('button', { name: 'Вмъкни {{contact}} в текста (Български)' }));
    await userEvent.click(within(bulgarian).getByRole('button', { name: 'Запази: Български' }));
    await waitFor(() =>
      expect(bodiesOf(calls, '/api/settings/mail-templates/save')).toEqual([
        { kind: 'invoice', language: 'bg', subject: 'Фактура {{number}} от Кантора', body: 'Здравейте, {{contact}}' },
      ]),
    );
    const saved = await screen.findByRole('region', { name: 'Български' });
    expect(await within(saved).findByText(/^Променен на/)).toBeInTheDocument();

    await userEvent.click(within(saved).getByRole('button', { name: 'Стандартен текст: Български' }));
    const confirm = await screen.findByRole('dialog', { name: 'Връщане на стандартния текст' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Стандартен текст' }));
    await waitFor(() =>
      expect(bodiesOf(calls, '/api/settings/mail-templates/reset')).toEqual([{ kind: 'invoice', language: 'bg' }]),
    );
    const reset = await screen.findByRole('region', { name: 'Български' });
    await waitFor(() =>
      expect(within(reset).getByRole('textbox', { name: 'Тема' })).toHaveValue(
        DEFAULT_MAIL_TEMPLATES.invoice.bg.subject,
      ),
    );
  });

  it('the invitation lists its own placeholders; an emptied subject is not saved', async () => {
    const { calls } = open();
    await screen.findAllByRole('textbox', { name: 'Тема' });
    await userEvent.click(screen.getByRole('tab', { name: 'Покана за събитие' }));
    expect(screen.getByRole('region', { name: 'Полета' })).toHaveTextContent('{{link}}връзка към поканата');
    const italian = screen.getByRole('region', { name: 'Италиански' });
    expect(within(italian).getByRole('textbox', { name: 'Тема' })).toHaveValue('Invito: {{title}}');
    await userEvent.clear(within(italian).getByRole('textbox', { name: 'Тема' }));
    await userEvent.click(within(italian).getByRole('button', { name: 'Запази: Италиански' }));
    expect(await within(italian).findByText('Полето е задължително')).toBeInTheDocument();
    expect(bodiesOf(calls, '/api/settings/mail-templates/save')).toEqual([]);
  });

  it('offers the payment reminders of each stage and the statement of account, each with its placeholders named', async () => {
    open();
    expect(await screen.findByRole('tab', { name: 'Фактура' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      expect.arrayContaining(['Напомняне 1', 'Напомняне 2', 'Напомняне 3', 'Извлечение по сметка']),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Напомняне 2' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('дни просрочие')).toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { name: /\{\{amountDue\}\}/ })).toHaveLength(2);
    expect(within(panel).getAllByRole('textbox', { name: 'Тема' })[0]).toHaveValue(
      'Второ напомняне за плащане: фактура № {{number}} — {{company}}',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Извлечение по сметка' }));
    expect(await within(panel).findByText('крайното салдо по валути')).toBeInTheDocument();
    expect(within(panel).getByText('начало на периода')).toBeInTheDocument();
  });
});
