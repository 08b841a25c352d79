import { Access, type BillingDocumentView, type PartySnapshot } from '@kantora/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { setSessionUser } from '../../lib/session.ts';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { signOutAfterEach } from '../../test/users.ts';
import { BillingEditorPage } from './billing-editor-page.tsx';
import { currencies, docOf, ids, itemOf, userOf, vatTypes } from './test-fixtures.ts';
import { openInvoiceEditor } from './test-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['billing', 'contracts', 'parties', 'clients', 'settings']);
});
signOutAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const reverseId = '00000000-0000-4000-8000-0000000000c2';
/** The look-up with the types' categories: 20 % standard rate and the reverse charge (AE). */
const typesWithCategories = [
  { ...vatTypes[0], category: 'S', exemptionCode: null },
  {
    _id: reverseId,
    name: { bg: '0% — обратно начисляване', it: '0% — inversione contabile' },
    status: true,
    percentage: 0,
    category: 'AE',
    exemptionCode: 'VATEX-EU-AE',
  },
];
const italian = {
  _id: '00000000-0000-4000-8000-0000000000a2',
  name: { bg: 'Роси Кострузиони', it: 'Rossi Costruzioni' },
  bulstat: '',
  vatNumber: 'IT02345678901',
};
const bulgarian = {
  _id: '00000000-0000-4000-8000-0000000000a3',
  name: { bg: 'Бета ЕООД', it: 'Beta EOOD' },
  bulstat: '204567890',
  vatNumber: 'BG204567890',
};
const clientList = () => ok({ Items: [italian, bulgarian], Total: 2, Page: 1 });
const bodyOf = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((call) => call.url.endsWith(path)).map((call) => JSON.parse(String(call.init?.body)));

async function pick(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Смени клиента' }, { timeout: 30_000 }));
  await userEvent.click(await screen.findByRole('button', { name: `Избери: ${name}` }));
}

describe('VAT treatment follows the customer', () => {
  it('picking an Italian business on a draft proposes the reverse charge through setVATType, says so, and undoes it', {
    timeout: 60_000,
  }, async () => {
    const draft = docOf('invoice', false);
    const { calls } = openInvoiceEditor(draft, Access.manager, {
      answers: {
        'GET /api/metaData/getVATTypes': () => ok(typesWithCategories),
        'POST /api/companies/list': clientList,
        'POST /api/invoices/setVATType': (init) => {
          const body = JSON.parse(String(init?.body));
          return ok(
            body.VATType === reverseId
              ? docOf('invoice', false, Access.manager, {
                  VATCharging: false,
                  VATType: reverseId,
                  VATPercentage: 0,
                  VATName: typesWithCategories[1].name,
                })
              : draft,
          );
        },
      },
    });
    await pick('Роси Кострузиони');
    await waitFor(() =>
      expect(bodyOf(calls, '/invoices/setVATType')).toEqual([{ invoiceId: ids.doc, VATType: reverseId }]),
    );
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Роси Кострузиони е регистриран по ДДС в друга държава от ЕС (IT02345678901)');
    expect(notice).toHaveTextContent('0% — обратно начисляване');
    expect(screen.getByRole('switch', { name: 'Начисляване на ДДС' })).not.toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Основание за неначисляване на ДДС/ })).toHaveTextContent(
        '0% — обратно начисляване',
      ),
    );
    // The customer is not saved by the proposal: the form still has it to save.
    expect(calls.some((call) => call.url.endsWith('/invoices/save'))).toBe(false);

    await userEvent.click(within(notice).getByRole('button', { name: 'Начисли ДДС' }));
    await waitFor(() => expect(bodyOf(calls, '/invoices/setVATType')).toHaveLength(2));
    expect(bodyOf(calls, '/invoices/setVATType')[1]).toEqual({ invoiceId: ids.doc, VATCharging: true });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Начисляване на ДДС' })).toBeChecked();
  });

  it('picking a Bulgarian client changes no VAT', { timeout: 60_000 }, async () => {
    const { calls } = openInvoiceEditor(docOf('invoice', false), Access.manager, {
      answers: {
        'GET /api/metaData/getVATTypes': () => ok(typesWithCategories),
        'POST /api/companies/list': clientList,
      },
    });
    await pick('Бета ЕООД');
    expect(await screen.findByRole('region', { name: 'Получател' })).toHaveTextContent('BG204567890');
    expect(calls.some((call) => call.url.endsWith('/setVATType'))).toBe(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Начисляване на ДДС' })).toBeChecked();
  });

  it('a new proforma proposes it in the form alone (the first save sends it), in Italian too', {
    timeout: 60_000,
  }, async () => {
    await i18n.changeLanguage('it');
    setSessionUser(userOf(Access.manager));
    const { calls } = mockApi({
      'GET /api/metaData/getCurrencies': () => ok(currencies),
      'GET /api/metaData/getVATTypes': () => ok(typesWithCategories),
      'GET /api/metaData/getPaymentTypes': () => ok([]),
      'GET /api/metaData/getInvoiceDefaults': () =>
        ok({ currency: currencies[0], vatType: vatTypes[0], paymentType: null, signer: null, signers: [] }),
      'GET /api/metaData/getMyCompany': () => ok(null),
      'POST /api/companies/list': clientList,
      'POST /api/proforma-invoices/save': () => ok(docOf('proforma', false), 'saved_successfully'),
    });
    try {
      renderWithProviders(
        <Routes>
          <Route path="/proforma-invoices/create" element={<BillingEditorPage kind="proforma" />} />
        </Routes>,
        { route: '/proforma-invoices/create' },
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Scegli il cliente' }, { timeout: 30_000 }));
      await userEvent.click(await screen.findByRole('button', { name: 'Scegli: Rossi Costruzioni' }));
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(
        'Rossi Costruzioni ha una partita IVA di un altro Stato membro dell’UE (IT02345678901): proposta l’inversione contabile',
      );
      expect(screen.getByRole('switch', { name: /IVA/ })).not.toBeChecked();
      expect(calls.some((call) => call.url.endsWith('/setVATType'))).toBe(false);
      await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
      await waitFor(() => expect(bodyOf(calls, '/proforma-invoices/save')).toHaveLength(1));
      expect(bodyOf(calls, '/proforma-invoices/save')[0]).toMatchObject({
        customerId: italian._id,
        VATCharging: false,
        VATType: reverseId,
      });
    } finally {
      await i18n.changeLanguage('bg');
    }
  });

  it('issuing with VAT charged to an Italian business asks first, naming it; cancel keeps the draft, confirm issues', {
    timeout: 60_000,
  }, async () => {
    const draft = docOf('invoice', false, Access.manager, {
      itemsCount: 1,
      customerId: italian._id,
      companyName: italian.name,
      vatNumber: italian.vatNumber,
      customer: {
        ...(docOf('invoice', false).customer as PartySnapshot),
        name: italian.name,
        vatNumber: italian.vatNumber,
      },
    });
    const { calls } = openInvoiceEditor(draft, Access.manager, {
      items: () => [itemOf(1)],
      answers: {
        'POST /api/invoices/issue': () => ok(docOf('invoice', true, Access.manager, { itemsCount: 1 })),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Издай' }, { timeout: 30_000 }));
    let dialog = await screen.findByRole('dialog', { name: 'ДДС към фирма от ЕС' });
    expect(dialog).toHaveTextContent('Роси Кострузиони е регистриран по ДДС в друга държава от ЕС (IT02345678901)');
    expect(dialog).toHaveTextContent('обратно начисляване');
    expect(dialog).toHaveTextContent('с начислено ДДС 20 %');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отказ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url.endsWith('/invoices/issue'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Издай' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Издай' }));
    dialog = await screen.findByRole('dialog', { name: 'ДДС към фирма от ЕС' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Издай с ДДС' }));
    await waitFor(() => expect(bodyOf(calls, '/invoices/issue')).toEqual([{ invoiceId: ids.doc }]));
    expect(await screen.findByRole('heading', { name: 'Фактура № 0000000042' })).toBeInTheDocument();
  });

  it('issuing to a Bulgarian client, or without VAT to an Italian one, asks the usual question', {
    timeout: 60_000,
  }, async () => {
    const cases: BillingDocumentView[] = [
      docOf('invoice', false, Access.manager, { itemsCount: 1 }),
      docOf('invoice', false, Access.manager, {
        itemsCount: 1,
        vatNumber: italian.vatNumber,
        VATCharging: false,
        VATType: reverseId,
        VATPercentage: 0,
      }),
    ];
    for (const draft of cases) {
      const { calls } = openInvoiceEditor(draft, Access.manager, { items: () => [itemOf(1)] });
      await userEvent.click(await screen.findByRole('button', { name: 'Издай' }, { timeout: 30_000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Издаване' });
      expect(dialog).not.toHaveTextContent('ЕС');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Отказ' }));
      expect(calls.some((call) => call.url.endsWith('/invoices/issue'))).toBe(false);
      cleanup();
    }
  });
});

describe('the e-invoice in the print menu', () => {
  it('an issued invoice offers its e-invoice (XML) after the PDFs and saves it under the name the server gives', {
    timeout: 60_000,
  }, async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:xml'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = openInvoiceEditor(docOf('invoice', true, Access.manager, { itemsCount: 1 }), Access.manager, {
      items: () => [itemOf(1, { issued: true })],
      answers: {
        [`GET /api/invoices/einvoice/${ids.doc}`]: () =>
          new Response('<?xml version="1.0"?><Invoice/>', {
            headers: {
              'Content-Type': 'application/xml',
              'Content-Disposition': 'attachment; filename="invoice-0000000042-2026-03-31.xml"',
            },
          }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Печат' }, { timeout: 30_000 }));
    const items = screen.getAllByRole('menuitem');
    expect(items.at(-1)).toHaveTextContent('Е-фактура (XML)');
    expect(items.slice(0, -1).map((item) => item.textContent)).not.toContain('Е-фактура (XML)');
    await userEvent.click(screen.getByRole('menuitem', { name: /Е-фактура \(XML\)/ }));
    await waitFor(() => expect(saved).toEqual(['invoice-0000000042-2026-03-31.xml']));
    expect(calls.filter((entry) => entry.url.includes('/einvoice/')).map((entry) => entry.url)).toEqual([
      `/api/invoices/einvoice/${ids.doc}`,
    ]);
  });

  it('a draft invoice and a proforma offer none', { timeout: 60_000 }, async () => {
    openInvoiceEditor(docOf('invoice', false), Access.manager);
    await userEvent.click(await screen.findByRole('button', { name: 'Печат' }, { timeout: 30_000 }));
    expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0);
    expect(screen.queryByRole('menuitem', { name: /XML/ })).not.toBeInTheDocument();
    cleanup();

    setSessionUser(userOf(Access.manager));
    const proforma = docOf('proforma', true);
    mockApi({
      'GET /api/metaData/getCurrencies': () => ok(currencies),
      'GET /api/metaData/getVATTypes': () => ok(typesWithCategories),
      'GET /api/metaData/getPaymentTypes': () => ok([]),
      'GET /api/metaData/getMyCompany': () => ok(null),
      [`GET /api/proforma-invoices/${ids.doc}`]: () => ok(proforma),
      'POST /api/proforma-invoices/getItems': () => ok([]),
    });
    renderWithProviders(
      <Routes>
        <Route path="/proforma-invoices/:id" element={<BillingEditorPage kind="proforma" />} />
      </Routes>,
      { route: `/proforma-invoices/${ids.doc}` },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Печат' }, { timeout: 30_000 }));
    expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0);
    expect(screen.queryByRole('menuitem', { name: /XML/ })).not.toBeInTheDocument();
  });
});
