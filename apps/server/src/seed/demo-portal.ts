import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { banks, billingDocuments, companies, contracts, contractServices, users } from '../db/schema/index.ts';
import { BillingItemsService, BillingService } from '../modules/billing/index.ts';
import { InvoiceSettingsService } from '../modules/settings/index.ts';

/**
 * What the demo client user (client@, on Роси Кострузиони and Бианки Мода) needs beyond the other demo areas: the
 * other areas give them registered and draft contracts, an issued invoice and proforma, a draft invoice and documents;
 * this adds a draft proforma of the advance contract's services, made and saved as a manager makes one (it must never
 * show in the portal). Drafts take no number, so the registers of the billing demo stay as they are.
 */
const DATE = '2026-03-20';

export async function seedDemoPortal(tx: Tx): Promise<void> {
  const [manager] = await tx.select().from(users).where(eq(users.email, 'manager@kantora.local'));
  const [contract] = await tx
    .select({ id: contracts.id, customerId: contracts.customerId })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.customerId))
    .where(
      and(
        sql`${companies.name}->>'bg' = 'Роси Кострузиони ООД'`,
        sql`${contracts.name}->>'bg' = 'Счетоводство и данъци'`,
      ),
    );
  if (!manager || !contract?.customerId) return;
  const actor = {
    id: manager.id,
    access: manager.access,
    email: manager.email,
    locale: 'bg' as const,
    fullName: {
      bg: `${manager.firstName.bg} ${manager.lastName.bg}`,
      it: `${manager.firstName.it} ${manager.lastName.it}`,
    },
  };
  const [bank] = await tx
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.ownerType, 'company'), eq(banks.ownerId, contract.customerId)))
    .limit(1);
  const draft = await new BillingService(tx, new InvoiceSettingsService(tx)).save('proforma', actor, {
    customerId: contract.customerId,
    customerBank: bank?.id ?? null,
    contract: contract.id,
    date: DATE,
    paymentDeadlineDate: '2026-04-03',
  });
  const items = new BillingItemsService(tx);
  for (const service of await tx
    .select({ id: contractServices.id })
    .from(contractServices)
    .where(eq(contractServices.contractId, contract.id))) {
    await items.addService('proforma', actor, {
      documentId: draft._id,
      contractServiceId: service.id,
      serviceId: undefined,
      quantity: 12,
    });
  }
  // Made on its date, like the billing demo's documents (lists sorted by creation keep the demo in date order).
  await tx
    .update(billingDocuments)
    .set({ created: `${DATE}T09:00:00Z` })
    .where(eq(billingDocuments.id, draft._id));
}
