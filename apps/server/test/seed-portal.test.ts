import type { PortalBillingRow, PortalCompanyRow, PortalContractRow } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { bearer, call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
  token = await ctx.signIn('client@kantora.local', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const list = async <T>(url: string, body: object = {}, as = token) =>
  (await call<{ Items: T[]; Total: number }>(ctx, 'POST', url, { itemsPerPage: 200, ...body }, as)).body.Result;

describe('the demo client user in the portal', () => {
  it('sees two companies with registered contracts, issued invoices and proformas, never a draft, and documents', async () => {
    const companies = await list<PortalCompanyRow>('/api/my-companies/list');
    expect(companies.Items.map((row) => row.name.bg).sort()).toEqual(['Бианки Мода АД', 'Роси Кострузиони ООД']);

    const contracts = await list<PortalContractRow>('/api/my-contracts/list');
    expect(contracts.Items.length).toBeGreaterThanOrEqual(3);
    expect(contracts.Items.every((row) => row.status !== 0)).toBe(true);

    // Staff see drafts of both kinds for these companies; the portal shows only the issued ones.
    for (const [portal, staff] of [
      ['/api/my-invoices/list', '/api/invoices/list'],
      ['/api/my-proforma-invoices/list', '/api/proforma-invoices/list'],
    ]) {
      const mine = await list<PortalBillingRow>(portal);
      expect([portal, mine.Total > 0]).toEqual([portal, true]);
      const all = await list<{ _id: string; customerId: string; issued: boolean }>(staff, {}, ctx.users.admin.token);
      const ours = all.Items.filter((row) => companies.Items.some((company) => company._id === row.customerId));
      expect([staff, ours.some((row) => !row.issued)]).toEqual([staff, true]);
      expect(mine.Items.map((row) => row._id).sort()).toEqual(
        ours
          .filter((row) => row.issued)
          .map((row) => row._id)
          .sort(),
      );
    }

    const [invoice] = (await list<PortalBillingRow>('/api/my-invoices/list')).Items;
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/my-invoices/print/${invoice._id}?layout=italian`,
      headers: bearer(token),
    });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    const withDocument = [];
    for (const contract of contracts.Items) {
      const documents = await list<{ files: unknown[] }>('/api/my-contracts/documents/list', {
        contractId: contract._id,
      });
      if (documents.Items.some((row) => row.files.length > 0)) withDocument.push(contract._id);
    }
    expect(withDocument.length).toBeGreaterThan(0);
    expect((await list('/api/my-documents-flow/list')).Total).toBeGreaterThan(0);
  });
});
