import { ContractStatus, isManagement, MessageKeys as M } from '@kantora/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import type { DocumentParentPolicy } from '../documents/index.ts';
import { contractNotFound, visibleContracts } from './access.ts';

/**
 * Documents of contracts: read (list, GET, download) by whoever sees the contract; added, edited and deleted by
 * management only (403), and not once the contract is canceled (409 `contract_canceled`).
 */
export function contractDocumentParent(db: Db): DocumentParentPolicy {
  return {
    async exists(executor, id) {
      const [row] = await executor.select({ id: contracts.id }).from(contracts).where(eq(contracts.id, id));
      return Boolean(row);
    },
    async authorize(actor, id, access, executor = db) {
      const [row] = await executor
        .select({ status: contracts.status })
        .from(contracts)
        .where(and(eq(contracts.id, id), visibleContracts(actor)));
      if (!row) throw contractNotFound();
      if (access === 'read') return;
      if (!isManagement(actor.access)) throw forbidden();
      if (row.status === ContractStatus.canceled) throw conflict(M.contract_canceled);
    },
  };
}
