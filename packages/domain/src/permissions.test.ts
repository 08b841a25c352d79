import { describe, expect, it } from 'vitest';
import { Access } from './roles.ts';
import {
  canAccess,
  drawerRoutes,
  landingPath,
  matchRoute,
  Permissions,
  permittedRoutes,
  WEB_ROUTES,
} from './permissions.ts';

describe('route matrix', () => {
  it('follows the access table', () => {
    const roles = (path: string) => matchRoute(path)?.roles;
    expect(roles('/clients')).toEqual([0, 1, 2, 3]);
    expect(roles('/clients/create')).toEqual([0, 1]);
    expect(roles('/clients/abc')).toEqual([0, 1, 2, 3]);
    expect(roles('/contracts/create')).toEqual([0, 1]);
    expect(roles('/timesheets')).toEqual([0, 1, 2]);
    expect(roles('/proforma-invoices/x')).toEqual([0, 1]);
    expect(roles('/invoices')).toEqual([0, 1, 3]);
    expect(roles('/invoices/create')).toEqual([0, 1]);
    expect(roles('/settings/users/create')).toEqual([0]);
    expect(roles('/my-invoices/1')).toEqual([4]);
    expect(roles('/settings/setup')).toEqual([0]);
  });
  it('keeps the first-run checklist to the administrator, off the drawer', () => {
    expect(Permissions.setupStatus).toEqual([Access.admin]);
    expect(matchRoute('/settings/setup')?.title).toBe('setup');
    expect(drawerRoutes(Access.admin).map((r) => r.path)).not.toContain('/settings/setup');
    for (const access of [Access.manager, Access.employee, Access.accountant, Access.client])
      expect(canAccess(Permissions.setupStatus, access)).toBe(false);
  });
  it("keeps the change of a registered contract's banks to management", () => {
    expect(Permissions.contractsBanks).toEqual([Access.admin, Access.manager]);
    expect(Permissions.contractsBanks).toEqual(Permissions.contractsWrite);
  });
  it('resolves static segments before parameters', () => {
    expect(matchRoute('/clients/create')?.title).toBe('client_create');
    expect(matchRoute('/settings/users/create')?.title).toBe('user_create');
    expect(matchRoute('/nowhere')).toBeUndefined();
  });
  it('shows each role only its routes in the drawer', () => {
    expect(drawerRoutes(Access.client).every((r) => r.path.startsWith('/my-'))).toBe(true);
    expect(drawerRoutes(Access.employee).map((r) => r.path)).toEqual([
      '/clients',
      '/contracts',
      '/timesheets',
      '/documents-flow',
      '/calendar',
    ]);
    expect(drawerRoutes(Access.accountant).map((r) => r.path)).toContain('/invoices');
    expect(drawerRoutes(Access.accountant).map((r) => r.path)).not.toContain('/settings');
    for (const access of [Access.admin, Access.manager, Access.accountant])
      expect(drawerRoutes(access).map((r) => r.path)).toContain('/receivables');
    expect(matchRoute('/receivables/overdue')?.roles).not.toContain(Access.employee);
    expect(permittedRoutes(Access.admin).length).toBe(WEB_ROUTES.filter((r) => !r.path.startsWith('/my-')).length);
  });
  it('denies everything to negative access', () => {
    expect(canAccess(undefined, -1)).toBe(false);
    expect(permittedRoutes(-1)).toEqual([]);
  });
  it('lands staff on /clients and clients on their portal', () => {
    expect(landingPath(Access.admin)).toBe('/clients');
    expect(landingPath(Access.accountant)).toBe('/clients');
    expect(landingPath(Access.client)).toBe('/my-companies');
  });
});
