/**
 * The accountant's month: every issued invoice and notice dated in a month, as PDF and e-invoice XML, with the
 * month's sales journal (XLSX), in one streamed zip.
 *
 * - POST /api/invoices/monthPackage  `monthPackageSchema` `{ month: "YYYY-MM" }` → application/zip
 *                                    `invoices-YYYY-MM.zip` (admin, manager, accountant: `invoicesRead`) holding
 *                                    `pdf/<print filename>`, `xml/<print filename>.xml` per document and
 *                                    `sales-journal-YYYY-MM.xlsx`; the header `X-Document-Count` says how many
 *                                    documents it holds. A month that is not YYYY-MM: 400 `invalid_value` on `month`.
 */
import { z } from 'zod';
import { billingMonth } from './billing-run.schemas.ts';

export const monthPackageSchema = z.object({ month: billingMonth });
export type MonthPackageInput = z.input<typeof monthPackageSchema>;

/** The response header carrying the number of documents in the package (the web's progress shows it). */
export const MONTH_PACKAGE_COUNT_HEADER = 'X-Document-Count';

/** The package's file name and its journal's entry name for a month. */
export const monthPackageFilename = (month: string) => `invoices-${month}.zip`;
export const salesJournalFilename = (month: string) => `sales-journal-${month}.xlsx`;
