import { randomUUID } from 'node:crypto';
import { ALL_ACCESS, canAccess, Permissions, ROLE_NAMES } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../src/db/schema/index.ts';
import { TokenService } from '../src/modules/auth/tokens.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let tokens: TokenService;
beforeAll(async () => {
  ctx = await createTestContext();
  tokens = new TokenService('test-secret-'.padEnd(48, 'x'), 1);
});
afterAll(() => ctx.close());

/** A fresh session token of the user (its session row written as completeSignIn does): a call may end it. */
async function sessionToken(userId: string) {
  const issued = await tokens.issue(userId, 0);
  await ctx.database.db.insert(userSessions).values({ id: issued.jti, userId, expiresAt: issued.expiration });
  return issued.token;
}

const PARAM_VALUES: Record<string, () => string> = { locale: () => 'bg' };
const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => (PARAM_VALUES[name] ?? randomUUID)());

/** Walks every API route the app registered, with every role: the matrix in @kantora/domain decides. */
describe('permission matrix', () => {
  it('has every API route declare a permission or public', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(0);
    for (const route of ctx.app.apiRoutes) expect(route.public || Boolean(route.permission)).toBe(true);
  });

  it('guards every payments call of both kinds by the matrix (the walk below calls each with every role)', () => {
    const permissionOf = (url: string) =>
      ctx.app.apiRoutes.find((route) => route.method === 'POST' && route.url === url)?.permission;
    for (const call of ['getPayments', 'getPayment', 'getPaidDetails']) {
      expect([call, permissionOf(`/api/invoices/${call}`), permissionOf(`/api/proforma-invoices/${call}`)]).toEqual([
        call,
        call === 'getPaidDetails' ? 'invoicesRead' : 'invoicePaymentsRead',
        'proformas',
      ]);
    }
    for (const call of ['savePayment', 'removePayment']) {
      expect([call, permissionOf(`/api/invoices/${call}`), permissionOf(`/api/proforma-invoices/${call}`)]).toEqual([
        call,
        'paymentsWrite',
        'proformas',
      ]);
    }
    expect(permissionOf('/api/proforma-invoices/setItemIsPaid')).toBe('proformas');
  });

  it('guards the billing run by its own permission (management)', () => {
    const permissionOf = (url: string) =>
      ctx.app.apiRoutes.find((route) => route.method === 'POST' && route.url === url)?.permission;
    expect([permissionOf('/api/billing-run/preview'), permissionOf('/api/billing-run/run')]).toEqual([
      'billingRun',
      'billingRun',
    ]);
    expect(Permissions.billingRun).toEqual(Permissions.proformas);
  });

  it("guards the change of a registered contract's banks by its own permission (management)", () => {
    const route = ctx.app.apiRoutes.find((one) => one.method === 'POST' && one.url === '/api/contracts/saveBanks');
    expect(route?.permission).toBe('contractsBanks');
    expect(Permissions.contractsBanks).toEqual(Permissions.contractsWrite);
  });

  it('keeps the first-run checklist to the administrator', () => {
    const route = ctx.app.apiRoutes.find((one) => one.method === 'GET' && one.url === '/api/settings/setupStatus');
    expect(route?.permission).toBe('setupStatus');
    expect(Permissions.setupStatus).toEqual(Permissions.settings);
  });

  it('answers 401 without a token on every guarded route', async () => {
    for (const route of ctx.app.apiRoutes.filter((r) => !r.public)) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect([route.url, response.statusCode]).toEqual([route.url, 401]);
    }
  });

  it('lets each role call exactly what the matrix allows', async () => {
    const roleUsers = Object.values(ctx.users);
    const checked: string[] = [];
    for (const route of ctx.app.apiRoutes.filter((r) => !r.public)) {
      for (const access of ALL_ACCESS) {
        const user = roleUsers.find((u) => u.access === access)!;
        const token = await sessionToken(user.id);
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { authorization: `Bearer ${token}` },
          payload: route.method === 'GET' ? undefined : {},
        });
        const allowed = canAccess(Permissions[route.permission!], access);
        const label = `${route.method} ${route.url} as ${ROLE_NAMES[access]}`;
        if (allowed) {
          expect([label, [401, 403, 500].includes(response.statusCode)]).toEqual([label, false]);
        } else {
          expect([label, response.statusCode, response.json().Type]).toEqual([label, 403, 0]);
        }
        checked.push(label);
      }
    }
    expect(checked.length).toBe(ctx.app.apiRoutes.filter((r) => !r.public).length * ALL_ACCESS.length);
  }, 240_000); // every route × every role: over a thousand requests
});
