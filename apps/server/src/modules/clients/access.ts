import { Access, isManagement, MessageKeys as M } from '@kantora/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { BankOwnerPolicy } from '../banks/index.ts';
import type { Actor } from '../../http/actor.ts';

/**
 * WHO SEES WHICH CLIENT — the one place of the rule (contracts, invoices and the rest reuse it):
 * - admin, manager and accountant see every client;
 * - an employee sees a client when `managing_users_all` is on, or they are in `managing_users`, or
 *   they are its referent;
 * - a client user sees (in the portal) the companies that list them in `client_users` while they are active: a
 *   deactivated company leaves its client users' portal with everything of it (`portalClients`);
 * - anyone else sees none.
 * A client that may not be seen answers 404 `the_client_was_not_found`, like one that does not exist.
 */
export function visibleClients(actor: Pick<Actor, 'id' | 'access'>): SQL {
  switch (actor.access) {
    case Access.admin:
    case Access.manager:
    case Access.accountant:
      return sql`true`;
    case Access.employee:
      return sql`(${companies.managingUsersAll} or ${companies.referentId} = ${actor.id} or ${companies.managingUsers} @> array[${actor.id}]::uuid[])`;
    case Access.client:
      return portalClients(actor.id);
    default:
      return sql`false`;
  }
}

/** The companies a client user sees in the portal: active ones whose `client_users` list the user. */
export function portalClients(userId: string): SQL {
  return sql`(${companies.clientUsers} @> array[${userId}]::uuid[] and ${companies.status})`;
}

/** True when the actor sees every client (admin, manager, accountant): a list need not ask the companies. */
export function seesEveryClient(actor: Pick<Actor, 'access'>): boolean {
  return actor.access === Access.admin || actor.access === Access.manager || actor.access === Access.accountant;
}

/** True when the client exists and the actor may see it. */
export async function canSeeClient(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'access'>,
  companyId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), visibleClients(actor)));
  return Boolean(row);
}

/** Throws 404 `the_client_was_not_found` unless the client exists and the actor may see it. */
export async function assertClientVisible(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'access'>,
  companyId: string,
): Promise<void> {
  if (!(await canSeeClient(executor, actor, companyId))) throw clientNotFound();
}

export const clientNotFound = () => notFound(M.the_client_was_not_found);

/** Banks of client companies: read by whoever sees the client, written by management only. */
export function clientBankOwner(executor: Executor): BankOwnerPolicy {
  return {
    async exists(tx, id) {
      const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
      return Boolean(row);
    },
    authorizeRead: (actor, id) => assertClientVisible(executor, actor, id),
    authorizeWrite(actor) {
      if (!isManagement(actor.access)) throw forbidden();
    },
  };
}
