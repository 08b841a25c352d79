import { type DictionaryKind, VAT_CATEGORIES, VAT_EXEMPTION_CODES } from '@kantora/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
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

describe('VAT type fields', () => {
  const category = () => screen.getByRole('combobox', { name: 'Категория на ДДС (EN 16931)' });
  const code = () => screen.getByRole('combobox', { name: 'Код на основанието (VATEX)' });
  const saveCalls = (calls: { url: string; init?: RequestInit }[]) =>
    calls.filter((call) => call.url === '/api/settings/vat-types/save');

  it("proposes the rate's category on a new type, the code of a category that has one, and saves both", async () => {
    const { calls } = mockApi({
      'POST /api/settings/vat-types/save': (init) => ok({ _id: 'v2', ...JSON.parse(String(init?.body)), status: true }),
    });
    open('vat-types');
    expect(category()).toHaveTextContent('S — стандартна ставка');
    expect(code()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (български)' }), 'Обратно начисляване');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (италиански)' }), 'Inversione contabile');
    await userEvent.type(screen.getByRole('textbox', { name: 'Процент' }), '0');
    await waitFor(() => expect(category()).toHaveTextContent('E — освободена доставка'));
    expect(code()).not.toHaveAttribute('aria-disabled');
    await userEvent.click(category());
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'S — стандартна ставка',
      'Z — нулева ставка',
      'E — освободена доставка',
      'AE — обратно начисляване',
      'K — вътреобщностна доставка',
      'G — износ извън ЕС',
      'O — извън обхвата на ДДС',
    ]);
    await userEvent.click(within(listbox).getByRole('option', { name: 'AE — обратно начисляване' }));
    await waitFor(() => expect(code()).toHaveTextContent('VATEX-EU-AE'));
    await save();
    await waitFor(() => expect(saveCalls(calls)).toHaveLength(1));
    expect(JSON.parse(String(saveCalls(calls)[0].init?.body))).toMatchObject({
      percentage: 0,
      category: 'AE',
      exemptionCode: 'VATEX-EU-AE',
    });
  });

  it('offers a blank code and every VATEX code with its meaning, and clears the code for S and Z', async () => {
    mockApi({});
    open('vat-types');
    await userEvent.type(screen.getByRole('textbox', { name: 'Процент' }), '0');
    await waitFor(() => expect(code()).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(code());
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(VAT_EXEMPTION_CODES.length + 1);
    expect(options[0]).toHaveTextContent('— няма —');
    expect(options[1]).toHaveTextContent('VATEX-EU-AEобратно начисляване');
    await userEvent.click(within(listbox).getByRole('option', { name: /VATEX-EU-135-1/ }));
    expect(code()).toHaveTextContent('VATEX-EU-135-1');
    await userEvent.click(category());
    await userEvent.click(await screen.findByRole('option', { name: 'Z — нулева ставка' }));
    await waitFor(() => expect(code()).toHaveAttribute('aria-disabled', 'true'));
    expect(code()).not.toHaveTextContent('VATEX');
  });

  it('refuses a category against the rate under the category field and calls nothing', async () => {
    const { calls } = mockApi({});
    open('vat-types');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (български)' }), 'ДДС');
    await userEvent.type(screen.getByRole('textbox', { name: 'Наименование (италиански)' }), 'IVA');
    await userEvent.type(screen.getByRole('textbox', { name: 'Процент' }), '20');
    await userEvent.click(category());
    await userEvent.click(await screen.findByRole('option', { name: 'O — извън обхвата на ДДС' }));
    await save();
    expect(await screen.findByText(/Категорията не отговаря на ставката/)).toBeInTheDocument();
    expect(saveCalls(calls)).toHaveLength(0);
  });

  it('names the category and its code in the list, and every category and code in both languages', async () => {
    await i18n.loadNamespaces('settings');
    const columns = DICTIONARY_CONFIGS['vat-types'].columns({ t: i18n.getFixedT('bg', 'settings'), locale: 'bg' });
    const column = columns.find((item) => item.field === 'category');
    const row = { _id: 'v', name: { bg: 'x', it: 'x' }, status: true, category: 'AE', exemptionCode: 'VATEX-EU-AE' };
    const { container } = render(<div>{column?.render?.(row)}</div>);
    expect(container).toHaveTextContent('AEобратно начисляванеVATEX-EU-AE');
    for (const language of ['bg', 'it']) {
      for (const key of [
        ...VAT_CATEGORIES.map((item) => `vat_types.categories.${item}`),
        ...VAT_EXEMPTION_CODES.map((item) => `vat_types.exemption_codes.${item}`),
      ])
        expect([language, key, i18n.exists(key, { lng: language, ns: 'settings' })]).toEqual([language, key, true]);
    }
  });
});
