import type { BillingRunPreview } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

describe('the demo billing run', () => {
  it("has work in the current month: invoices, an advance contract's proforma, and the inactive client's contract left out", async () => {
    const token = await ctx.signIn('manager@kantora.local', DEMO_PASSWORD);
    const preview = (await call<BillingRunPreview>(ctx, 'POST', '/api/billing-run/preview', {}, token)).body.Result;
    expect(preview.rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(preview.rows.map((row) => row.kind))).toEqual(new Set(['invoice', 'proforma']));
    expect(preview.sums.map((sum) => sum.currencyCode)).toEqual(['EUR']);
    expect(preview.leftOut.map((row) => [row.companyName?.bg, row.reasons])).toContainEqual(['Черноморски бриз ООД', ['client_inactive']]);
  });
});
