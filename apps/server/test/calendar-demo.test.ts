import { sofiaDay } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { demo: true });
});
afterAll(() => ctx.close());

const day = (plus: number) => {
  const today = sofiaDay();
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + plus)).toISOString().slice(0, 10);
};

describe('the demo calendar', () => {
  it('has a month of events around today, seen by role, with invitations for the demo employees', async () => {
    const range = { fromDate: day(-20), toDate: day(20) };
    const tokens = {
      manager: await ctx.signIn('manager@kantora.local', DEMO_PASSWORD),
      employee: await ctx.signIn('employee@kantora.local', DEMO_PASSWORD),
      employee2: await ctx.signIn('employee2@kantora.local', DEMO_PASSWORD),
    };
    const count = async (token: string) =>
      (await call(ctx, 'POST', '/api/events/list', range, token)).body.Result.Items.length;
    const all = await count(tokens.manager);
    expect(all).toBeGreaterThanOrEqual(10);
    expect(await count(tokens.employee)).toBeLessThan(all);
    for (const token of [tokens.employee, tokens.employee2, tokens.manager]) {
      const mine = (await call(ctx, 'GET', '/api/events/myEventInvitations', undefined, token)).body.Result;
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((invitation: { isAlreadyAnswered: boolean }) => !invitation.isAlreadyAnswered)).toBe(true);
    }
    const categories = (await call(ctx, 'GET', '/api/metaData/getEventCategories')).body.Result;
    expect(categories.length).toBeGreaterThanOrEqual(4);
  });
});
