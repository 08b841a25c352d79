/** The access value of each role, as users carry it (0 admin ... 4 client). */
export const Access = {
  admin: 0,
  manager: 1,
  employee: 2,
  accountant: 3,
  client: 4,
} as const;
export type AccessValue = (typeof Access)[keyof typeof Access];
export type RoleName = keyof typeof Access;

export const ALL_ACCESS: readonly AccessValue[] = [0, 1, 2, 3, 4];
export const ROLE_NAMES: Record<AccessValue, RoleName> = {
  0: 'admin',
  1: 'manager',
  2: 'employee',
  3: 'accountant',
  4: 'client',
};

/** User type: 0 employee (staff), 1 client. */
export const UserType = { employee: 0, client: 1 } as const;
export const UserStatus = { inactive: 0, active: 1 } as const;

/** Role groups used by the route and call matrix. */
export const ADMIN: readonly AccessValue[] = [Access.admin];
export const MANAGEMENT: readonly AccessValue[] = [Access.admin, Access.manager];
export const STAFF: readonly AccessValue[] = [Access.admin, Access.manager, Access.employee, Access.accountant];
export const CLIENT: readonly AccessValue[] = [Access.client];
export const EVERYONE: readonly AccessValue[] = ALL_ACCESS;

export function isAccessValue(value: unknown): value is AccessValue {
  return typeof value === 'number' && (ALL_ACCESS as readonly number[]).includes(value);
}
export const isManagement = (access: number) => access === Access.admin || access === Access.manager;
export const isStaff = (access: number) => access >= 0 && access <= 3;
export const isClientUser = (access: number) => access === Access.client;
/**
 * Prices, amounts and totals of contracts and services (catalog prices, a contract's price per month, its service
 * rows' prices): everyone but employees, who record time; prices are commercial data for management and accounting.
 * The server leaves them out of every answer to an employee, and the web hides their fields.
 */
export const seesPrices = (access: number) => access !== Access.employee;
