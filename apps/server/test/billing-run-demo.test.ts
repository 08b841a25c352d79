import { type BillingRunPreview, sofiaDay } from '@kantora/domain';
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
    expect(preview.leftOut.map((row) => [row.companyName?.bg, row.reasons])).toContainEqual([
      'Черноморски бриз ООД',
      ['client_inactive'],
    ]);
  });

  it('catches up from the demo documents: the periods they bill are never offered, the missed ones since are late, and no contract offers periods from before the current month without a reason', async () => {
    const token = await ctx.signIn('manager@kantora.local', DEMO_PASSWORD);
    const preview = (await call<BillingRunPreview>(ctx, 'POST', '/api/billing-run/preview', {}, token)).body.Result;
    const month = sofiaDay().slice(0, 7);
    const periods = [...preview.rows, ...preview.leftOut];
    for (const row of periods)
      expect([row.periodFrom, row.late]).toEqual([row.periodFrom, row.periodFrom < `${month}-01`]);
    expect(preview.rows.map((row) => row.periodFrom)).toEqual([...preview.rows.map((row) => row.periodFrom)].sort());
    const of = (contract: string) =>
      periods.filter((row) => row.contractName.bg === contract).map((row) => row.periodFrom);
    // Алфа's monthly contract of 2026 was invoiced by hand for January to March: April onwards is offered, once each.
    const alpha = of('Счетоводно обслужване 2026');
    if (month <= '2026-12')
      expect(alpha).toEqual(
        Array.from({ length: Number(month.slice(5)) - 3 }, (_, i) => `2026-${String(i + 4).padStart(2, '0')}-01`),
      );
    // Бианки's half-year from April is billed by its invoice of April to September (made in October).
    expect(
      periods.filter((row) => row.companyName?.bg === 'Бианки Мода АД').map((row) => row.periodFrom),
    ).not.toContain('2026-04-01');
    // The contracts without a demo document start at the current month, as the run offered before it caught up.
    const billedByHand = new Set([
      'Счетоводно обслужване 2026',
      'Абонаментно обслужване',
      'Счетоводно обслужване',
      'Счетоводство и данъци',
    ]);
    expect(periods.filter((row) => !billedByHand.has(row.contractName.bg) && row.late)).toEqual([]);
  });
});
