import type { BillingKind } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractIn } from './contracts-fixtures.ts';
import { addItem, BASE, type BillingSetup, createDraft, issuedWith, setUpBilling, t } from './billing-fixtures.ts';
import { call } from './helpers.ts';

type Role = 'admin' | 'manager' | 'employee' | 'accountant' | 'client';
const ROLES: Role[] = ['employee', 'client', 'accountant', 'manager', 'admin'];
const INVOICE_READERS: Role[] = ['admin', 'manager', 'accountant'];
const MANAGEMENT: Role[] = ['admin', 'manager'];
const ADMIN: Role[] = ['admin'];

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

interface Case {
  method: 'GET' | 'POST';
  path: string;
  body?: () => Record<string, unknown>;
  allowed: Role[];
}

/** Every billing call of a kind with real objects, and who may call it. */
async function casesOf(kind: BillingKind): Promise<Case[]> {
  const base = BASE[kind];
  const readers = kind === 'invoice' ? INVOICE_READERS : MANAGEMENT;
  const draft = await createDraft(s, kind);
  const { item } = await addItem(s, kind, draft._id, 10, 1);
  const issued = await issuedWith(s, kind, [[10, 1]]);
  const ref = () => ({ invoiceId: draft._id });
  const cases: Case[] = [
    { method: 'POST', path: `${base}/list`, body: () => ({ issued: true }), allowed: readers },
    { method: 'GET', path: `${base}/getDocsCount`, allowed: readers },
    { method: 'POST', path: `${base}/search`, body: () => ({ text: '1' }), allowed: readers },
    { method: 'GET', path: `${base}/${draft._id}`, allowed: readers },
    { method: 'POST', path: `${base}/getItems`, body: ref, allowed: readers },
    { method: 'GET', path: `${base}/item/${item!._id}`, allowed: readers },
    { method: 'POST', path: `${base}/getTotals`, body: ref, allowed: readers },
    { method: 'POST', path: `${base}/getPaidDetails`, body: ref, allowed: readers },
    { method: 'POST', path: `${base}/save`, body: () => ({ _id: draft._id, date: '2026-03-03' }), allowed: MANAGEMENT },
    {
      method: 'POST',
      path: `${base}/saveItem`,
      body: () => ({ invoiceId: draft._id, name: t('a', 'a'), price: 1 }),
      allowed: MANAGEMENT,
    },
    {
      method: 'POST',
      path: `${base}/addItemAsService`,
      body: () => ({ invoiceId: draft._id, serviceId: s.services.first }),
      allowed: MANAGEMENT,
    },
    {
      method: 'POST',
      path: `${base}/changeCurrency`,
      body: () => ({ invoiceId: draft._id, currency: s.eur }),
      allowed: MANAGEMENT,
    },
    {
      method: 'POST',
      path: `${base}/setVATType`,
      body: () => ({ invoiceId: draft._id, VATCharging: true }),
      allowed: MANAGEMENT,
    },
    { method: 'POST', path: `${base}/removeItem`, body: () => ({ itemId: item!._id }), allowed: MANAGEMENT },
    { method: 'POST', path: `${base}/issue`, body: () => ({ invoiceId: issued._id }), allowed: MANAGEMENT },
    { method: 'POST', path: `${base}/unissue`, body: () => ({ invoiceId: issued._id }), allowed: ADMIN },
  ];
  if (kind === 'invoice') {
    cases.push({
      method: 'POST',
      path: `${base}/changeNoticeType`,
      body: () => ({ invoiceId: draft._id, noticeType: 0 }),
      allowed: MANAGEMENT,
    });
  } else {
    const proforma = await issuedWith(s, 'proforma', [[5, 1]]);
    const rows = (await call(s.ctx, 'POST', `${base}/getItems`, { invoiceId: proforma._id })).body.Result as Array<{
      _id: string;
    }>;
    cases.push(
      {
        method: 'POST',
        path: `${base}/transformItemsToInvoice`,
        body: () => ({ proformaInvoiceId: proforma._id, proformaInvoiceItems: [rows[0]._id] }),
        allowed: MANAGEMENT,
      },
      {
        method: 'POST',
        path: `${base}/transformProformaToInvoice`,
        body: () => ({ proformaInvoiceId: proforma._id }),
        allowed: MANAGEMENT,
      },
    );
    const contract = await contractIn(s, 'registered', { fromDate: '2090-01-01', toDate: '2099-12-31' });
    cases.push({
      method: 'POST',
      path: '/api/contracts/generateProformaInvoice',
      body: () => ({ contractId: contract._id }),
      allowed: MANAGEMENT,
    });
  }
  return cases;
}

describe('billing permissions', () => {
  for (const kind of ['invoice', 'proforma'] as const) {
    it(`answers every ${kind} call by role: 403 for the others, never 403 for the allowed`, async () => {
      const cases = await casesOf(kind);
      const seen: string[] = [];
      for (const entry of cases) {
        for (const role of ROLES) {
          const response = await call(s.ctx, entry.method, entry.path, entry.body?.(), s.ctx.users[role].token);
          const label = `${entry.method} ${entry.path.replace(/[0-9a-f-]{36}/g, ':id')} as ${role}`;
          if (entry.allowed.includes(role)) expect([label, response.status]).not.toEqual([label, 403]);
          else expect([label, response.status, response.body.Type]).toEqual([label, 403, 0]);
          expect([label, response.status >= 500]).toEqual([label, false]);
          seen.push(label);
        }
      }
      expect(seen.length).toBe(cases.length * ROLES.length);
    });
  }

  it('lets the accountant read invoices (list, document, rows, totals) but no proforma', async () => {
    const invoice = await issuedWith(s, 'invoice', [[10, 1]]);
    const token = s.ctx.users.accountant.token;
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/${invoice._id}`, undefined, token)).body.Result).toMatchObject({
      _id: invoice._id,
      rights: { canEdit: false, canIssue: false, canUnissue: false },
    });
    expect(
      (await call(s.ctx, 'POST', `${BASE.invoice}/list`, { issued: true }, token)).body.Result.Total,
    ).toBeGreaterThan(0);
    expect((await call(s.ctx, 'POST', `${BASE.proforma}/list`, {}, token)).status).toBe(403);
    expect((await call(s.ctx, 'POST', `${BASE.proforma}/list`, {}, s.ctx.users.employee.token)).status).toBe(403);
  });
});
