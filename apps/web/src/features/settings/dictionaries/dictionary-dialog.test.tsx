import type { DictionaryKind } from '@kantora/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { mockApi, ok, renderWithProviders } from '../../../test/render.tsx';
import { DICTIONARY_CONFIGS, dictionaryOfPath } from './dictionary-config.tsx';
import { DictionaryDialog } from './dictionary-dialog.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('settings');
});

const REQUIRED = 'Полето е задължително';
const save = () => userEvent.click(screen.getByRole('button', { name: 'Запази' }));
const open = (kind: DictionaryKind, onClose = vi.fn()) =>
  renderWithProviders(<DictionaryDialog config={DICTIONARY_CONFIGS[kind]} id={null} onClose={onClose} />);
const categories = () => ok({ Items: [], Total: 0, Page: 1 });

describe('the dictionary configs', () => {
  it('cover every settings list route', () => {
    for (const slug of [
      'currencies',
      'vat-types',
      'document-types',
      'event-categories',
      'payment-types',
      'services',
      'document-flow-categories',
    ]) {
      expect(dictionaryOfPath(`/settings/${slug}`)?.kind).toBe(slug);
    }
    expect(dictionaryOfPath('/settings/users')).toBeUndefined();
  });

  // The domain schema decides: how many fields of an empty new entry answer "required".
  const requiredCounts: Array<[DictionaryKind, number]> = [
    ['currencies', 3], // name bg/it, exchange rate (the ISO code is optional)
    ['document-types', 2],
    ['event-categories', 2], // the colour starts as the default dark red
    ['payment-types', 2],
    ['services', 4], // code, name bg/it, price
    ['document-flow-categories', 2], // the parent is optional
    ['vat-types', 3], // name bg/it, percentage
  ];
  for (const [kind, count] of requiredCounts) {
    it(`refuses an empty ${kind} entry with ${count} required fields and calls nothing`, async () => {
      const { calls } = mockApi({ 'POST /api/settings/document-flow-categories/list': categories });
      open(kind);
      await save();
      expect(await screen.findAllByText(REQUIRED)).toHaveLength(count);
      expect(calls.filter((call) => call.url.includes('/save'))).toHaveLength(0);
    });
  }
});

describe('DictionaryDialog', () => {
  it('saves a VAT type through the schema, then switches to edit mode', async () => {
    const { calls } = mockApi({
      'POST /api/settings/vat-types/save': (init) =>
        ok({ _id: 'v1', ...JSON.parse(String(init?.body)), status: true }, 'saved_successfully'),
    });
    open('vat-types');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (български)' }), 'ДДС 5%');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (италиански)' }), 'IVA 5%');
    const percentage = screen.getByRole('textbox', { name: 'Процент' });
    await userEvent.type(percentage, '150');
    await save();
    expect(await screen.findByText('Невалидна стойност')).toBeInTheDocument();
    await userEvent.clear(percentage);
    await userEvent.type(percentage, '5,5');
    await save();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/settings/vat-types/save')).toBe(true));
    const body = JSON.parse(String(calls.find((call) => call.url === '/api/settings/vat-types/save')?.init?.body));
    expect(body).toMatchObject({
      name: { bg: 'ДДС 5%', it: 'IVA 5%' },
      percentage: 5.5,
      status: true,
      exemptionReason: { bg: '', it: '' },
    });
    expect(await screen.findByRole('heading', { name: 'Вид ДДС: ДДС 5%' })).toBeInTheDocument();
  });

  it('fixes the rate of BGN at 1 and upper-cases currency codes', async () => {
    const { calls } = mockApi({
      'POST /api/settings/currencies/save': (init) => ok({ _id: 'c1', ...JSON.parse(String(init?.body)) }),
    });
    open('currencies');
    await userEvent.type(screen.getByRole('textbox', { name: 'Код на валутата' }), 'bgn');
    const rate = screen.getByRole('textbox', { name: 'Курс към BGN' });
    await waitFor(() => expect(rate).toHaveValue('1'));
    expect(rate).toBeDisabled();
    expect(screen.getByText('Курсът на BGN е фиксиран по закон: 1 лв.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (български)' }), 'Лев');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (италиански)' }), 'Lev');
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({ code: 'BGN', exchangeRate: 1 });
  });

  it('saves a currency without a code, and fixes the rate of a currency named euro', async () => {
    const { calls } = mockApi({
      'POST /api/settings/currencies/save': (init) => ok({ _id: 'c2', ...JSON.parse(String(init?.body)) }),
    });
    open('currencies');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (български)' }), 'Евро');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (италиански)' }), 'Euro');
    const rate = screen.getByRole('textbox', { name: 'Курс към BGN' });
    await waitFor(() => expect(rate).toHaveValue('1,95583'));
    expect(rate).toBeDisabled();
    await save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({
      code: null,
      name: { bg: 'Евро', it: 'Euro' },
      exchangeRate: 1.95583,
    });
  });

  it('starts an event category with the default dark red and shows the server refusal under the field', async () => {
    mockApi({
      'POST /api/settings/event-categories/save': () =>
        new Response(
          JSON.stringify({ Type: 0, Message: 'invalid_value', Errors: [{ field: 'color', message: 'invalid_value' }] }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    open('event-categories');
    expect(screen.getByRole('textbox', { name: 'Цвят' })).toHaveValue('#8B0000');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (български)' }), 'Обучение');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (италиански)' }), 'Formazione');
    await save();
    expect(await screen.findAllByText(/Невалидна стойност/)).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Нова категория събитие' })).toBeInTheDocument();
  });

  it('offers as parent every category but the entry itself and those under it', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const item = (n: number, name: string, parent: string | null = null) => ({
      _id: id(n),
      name: { bg: name, it: name },
      status: true,
      parent,
    });
    mockApi({
      'POST /api/settings/document-flow-categories/list': () =>
        ok({
          Items: [item(1, 'Корен'), item(2, 'Дете', id(1)), item(3, 'Внук', id(2)), item(4, 'Друга')],
          Total: 4,
          Page: 1,
        }),
      [`GET /api/settings/document-flow-categories/${id(2)}`]: () => ok(item(2, 'Дете', id(1))),
    });
    renderWithProviders(
      <DictionaryDialog config={DICTIONARY_CONFIGS['document-flow-categories']} id={id(2)} onClose={vi.fn()} />,
    );
    const parent = await screen.findByRole('combobox', { name: 'Горна категория' });
    await waitFor(() => expect(parent).toHaveTextContent('Корен'));
    await userEvent.click(parent);
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['— няма —', 'Корен', 'Друга']);
  });
});
