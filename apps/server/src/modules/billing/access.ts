import { type BillingKind, MessageKeys as M } from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import { billingDocuments, companies } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { seesEveryClient, visibleClients } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';

/**
 * WHO SEES WHICH DOCUMENT: the route's permission decides the role (invoices: admin, manager, accountant;
 * proformas: management); within it, whoever sees the customer (clients/access.ts). The staff roles that may
 * call billing see every client, so this is `true` for them; the condition stays for any later caller.
 */
export function visibleDocuments(actor: Pick<Actor, 'id' | 'access'>): SQL {
  if (seesEveryClient(actor)) return sql`true`;
  return sql`${billingDocuments.customerId} in (select ${companies.id} from ${companies} where ${visibleClients(actor)})`;
}

/** An unknown or invisible document (or one of the other kind). */
export const documentNotFound = (kind: BillingKind) =>
  notFound(kind === 'invoice' ? M.the_invoice_was_not_found : M.the_proforma_invoice_was_not_found);

/** The Log's entity names. */
export const LOG_NAMES: Record<BillingKind, { document: string; item: string }> = {
  invoice: { document: 'Invoice', item: 'InvoiceItem' },
  proforma: { document: 'ProformaInvoice', item: 'ProformaInvoiceItem' },
};

/** A YYYY-MM-DD date plus days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date plus months, the day kept or cut to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}
