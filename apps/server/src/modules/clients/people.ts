import { Access, MessageKeys as M, UserStatus, UserType } from '@kantora/domain';
import type { ApiFieldError } from '@kantora/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type Localized, users } from '../../db/schema/index.ts';
import { validationError } from '../../http/validation.ts';

interface AccessLists {
  referentId: string | null;
  clientUsers: string[];
  managingUsers: string[];
}

const STAFF_ACCESS: number[] = [Access.admin, Access.manager, Access.employee, Access.accountant];

/**
 * The people on a client: the referent and the managing users are staff users, the client users are
 * client-type users. Someone newly put on the client must be active; someone already on it may stay
 * after being deactivated (saving the client again does not fail because of them).
 */
export async function checkPeople(executor: Executor, lists: AccessLists, old: AccessLists | undefined): Promise<void> {
  const ids = [
    ...new Set(
      [lists.referentId, ...lists.clientUsers, ...lists.managingUsers].filter((id): id is string => Boolean(id)),
    ),
  ];
  const found =
    ids.length > 0
      ? await executor
          .select({ id: users.id, type: users.type, access: users.access, status: users.status })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
  const byId = new Map(found.map((user) => [user.id, user]));
  const fits = (id: string, kept: boolean, staff: boolean) => {
    const user = byId.get(id);
    if (!user) return false;
    const rightKind = staff
      ? user.type === UserType.employee && STAFF_ACCESS.includes(user.access)
      : user.type === UserType.client && user.access === Access.client;
    return rightKind && (kept || user.status === UserStatus.active);
  };
  const errors: ApiFieldError[] = [];
  if (lists.referentId && !fits(lists.referentId, old?.referentId === lists.referentId, true))
    errors.push({ field: 'referent', message: M.invalid_value });
  lists.managingUsers.forEach((id, i) => {
    if (!fits(id, Boolean(old?.managingUsers.includes(id)), true))
      errors.push({ field: `managingUsers.${i}`, message: M.invalid_value });
  });
  lists.clientUsers.forEach((id, i) => {
    if (!fits(id, Boolean(old?.clientUsers.includes(id)), false))
      errors.push({ field: `clientUsers.${i}`, message: M.invalid_value });
  });
  if (errors.length > 0) throw validationError(errors);
}

/** `{ bg, it }` full name of a user, or null. */
export async function nameOfUser(executor: Executor, id: string | null): Promise<Localized | null> {
  if (!id) return null;
  const [row] = await executor
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  return { bg: `${row.firstName.bg} ${row.lastName.bg}`.trim(), it: `${row.firstName.it} ${row.lastName.it}`.trim() };
}
