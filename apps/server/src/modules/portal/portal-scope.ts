import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { clientNotFound } from '../clients/index.ts';
import { scopeCondition } from '../documents-flow/index.ts';
import type { Actor } from '../../http/actor.ts';

/**
 * THE PORTAL'S SCOPE: the active companies whose `client_users` list the user (clients/access.ts `portalClients`, the
 * document flow's `portal` scope); a deactivated company is answered like one that is not the user's. The
 * contracts and billing modules' own rule (whoever sees the customer, clients/access.ts) gives a client user the
 * same companies; the portal adds that drafts never reach a client (portal-contracts and portal-billing).
 */
export const myCompanies = (actor: Pick<Actor, 'id' | 'access'>): SQL => scopeCondition(actor, 'portal');

/** Throws 404 `the_client_was_not_found` unless the company exists, is active and lists the user. */
export async function assertMyCompany(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'access'>,
  companyId: string,
): Promise<void> {
  const [row] = await executor
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), myCompanies(actor)));
  if (!row) throw clientNotFound();
}
