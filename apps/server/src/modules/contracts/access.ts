import { MessageKeys as M } from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import { companies, contracts } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { seesEveryClient, visibleClients } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';

/**
 * WHO SEES WHICH CONTRACT: whoever sees its customer (clients/access.ts decides). Those who see every client
 * also see contracts without a customer; an employee sees only contracts of the clients they see. Every list,
 * look-up and `{id}` call of contracts, their services and documents goes through this condition.
 */
export function visibleContracts(actor: Pick<Actor, 'id' | 'access'>): SQL {
  if (seesEveryClient(actor)) return sql`true`;
  return sql`${contracts.customerId} in (select ${companies.id} from ${companies} where ${visibleClients(actor)})`;
}

/** An unknown or invisible contract. */
export const contractNotFound = () => notFound(M.the_contract_was_not_found);
