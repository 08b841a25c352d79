import {
  BILLING_RUN_PREVIEW_MAX,
  type BillingRunCreated,
  type BillingRunPreview,
  type BillingRunResult,
  type BillingRunSkipReason,
  type BillingRunSum,
  type BillingRunValues,
  fromCents,
  sofiaDay,
  toCents,
} from '@kantora/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import { contracts } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { BillingService } from '../billing/index.ts';
import { generateContractDocuments, generationDefaults } from '../billing/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { InvoiceSettingsService } from '../settings/index.ts';
import { type DueCandidate, dueCandidates } from './billing-run.queries.ts';

const keyOf = (contractId: string, periodFrom: string) => `${contractId}|${periodFrom}`;

/** The current month in Europe/Sofia (YYYY-MM). */
export const currentMonth = () => sofiaDay().slice(0, 7);

/**
 * The billing run (docs/decisions.md, "Billing run" and "Billing run: each period once"): the contracts' unbilled
 * periods up to the month previewed (the oldest first, late ones marked), and the chosen ones billed by the shared
 * generation of billing (contract-billing.ts), idempotent through the key of the billed periods (contract, period
 * start); issuing goes through the billing module's issue.
 */
export class BillingRunService {
  constructor(
    private readonly db: Db,
    private readonly deps: { settings: InvoiceSettingsService; billing: BillingService },
  ) {}

  async preview(month = currentMonth()): Promise<BillingRunPreview> {
    const defaults = await generationDefaults(this.db, this.deps.settings);
    const found = await dueCandidates(this.db, defaults, month, { limit: BILLING_RUN_PREVIEW_MAX + 1 });
    const candidates = found.slice(0, BILLING_RUN_PREVIEW_MAX);
    const rows = candidates.filter((c) => c.reasons.length === 0);
    const sums = new Map<string, BillingRunSum & { cents: [number, number, number] }>();
    for (const row of rows) {
      const sum = sums.get(row.currency) ?? {
        currency: row.currency,
        currencyCode: row.currencyCode,
        count: 0,
        amount: 0,
        VATAmount: 0,
        totalAmount: 0,
        cents: [0, 0, 0],
      };
      sum.count += 1;
      sum.cents = [
        sum.cents[0] + toCents(row.amount),
        sum.cents[1] + toCents(row.VATAmount),
        sum.cents[2] + toCents(row.totalAmount),
      ];
      sums.set(row.currency, sum);
    }
    return {
      month,
      rows: rows.map((c) => ({
        contractId: c.contractId,
        contractName: c.contractName,
        customerId: c.customerId,
        companyName: c.companyName,
        kind: c.kind,
        periodFrom: c.period.periodFrom,
        periodTo: c.period.periodTo,
        late: c.late,
        months: c.period.months,
        interval: c.interval,
        currency: c.currency,
        currencyCode: c.currencyCode,
        amount: c.amount,
        VATAmount: c.VATAmount,
        totalAmount: c.totalAmount,
      })),
      sums: [...sums.values()]
        .map(({ cents, ...sum }) => ({
          ...sum,
          amount: fromCents(cents[0]),
          VATAmount: fromCents(cents[1]),
          totalAmount: fromCents(cents[2]),
        }))
        .sort((a, b) => (a.currencyCode ?? '').localeCompare(b.currencyCode ?? '')),
      leftOut: candidates
        .filter((c) => c.reasons.length > 0)
        .map((c) => ({
          contractId: c.contractId,
          contractName: c.contractName,
          customerId: c.customerId,
          companyName: c.companyName,
          periodFrom: c.period.periodFrom,
          periodTo: c.period.periodTo,
          late: c.late,
          reasons: c.reasons,
        })),
      truncated: found.length > BILLING_RUN_PREVIEW_MAX,
    };
  }

  /**
   * One call of a run: the chosen items still due are billed in one transaction, in the run's order (so two runs
   * insert in the same order and one waits for the other on the unique key, never a deadlock); the contracts are held
   * `for share` (a concurrent cancel or unregister waits). An item whose period a document bills, also one a concurrent
   * run or a save by hand has just made, is skipped as `billed`. With `issue`, the created documents are then issued one by one in
   * that order through billing's issue (its own transaction each: a refusal leaves that draft and is reported).
   */
  async run(actor: Actor, input: BillingRunValues): Promise<BillingRunResult> {
    const contractIds = [...new Set(input.items.map((item) => item.contractId))];
    const skipped: BillingRunResult['skipped'] = [];
    const created = await this.db.transaction(async (tx) => {
      // The contracts held (a concurrent cancel or unregister waits) and read in one statement, in the order of their ids.
      const rows = new Map(
        (
          await tx.select().from(contracts).where(inArray(contracts.id, contractIds)).orderBy(contracts.id).for('share')
        ).map((row) => [row.id, row]),
      );
      const defaults = await generationDefaults(tx, this.deps.settings);
      const candidates = await dueCandidates(tx, defaults, input.month, { contractIds });
      const byKey = new Map(
        candidates.map((c, index) => [keyOf(c.contractId, c.period.periodFrom), { candidate: c, index }]),
      );
      const chosen: Array<{ candidate: DueCandidate; index: number }> = [];
      const missing: Array<{ contractId: string; periodFrom: string }> = [];
      for (const item of input.items) {
        const found = byKey.get(keyOf(item.contractId, item.periodFrom));
        if (!found) missing.push(item);
        else if (found.candidate.reasons.length > 0) skipped.push({ ...item, reason: found.candidate.reasons[0] });
        else if (!chosen.includes(found)) chosen.push(found);
      }
      skipped.push(...(await this.whyNotDue(tx, missing)));
      chosen.sort((a, b) => a.index - b.index);
      const saved = await generateContractDocuments(
        tx,
        actor,
        defaults,
        chosen.map(({ candidate }) => ({
          contract: rows.get(candidate.contractId)!,
          kind: candidate.kind,
          period: candidate.period,
        })),
        { action: 'billingRun', timesheetAnnex: input.timesheetAnnex },
      );
      const made: BillingRunCreated[] = [];
      for (const [index, { candidate }] of chosen.entries()) {
        const document = saved[index];
        if (!document) {
          skipped.push({ contractId: candidate.contractId, periodFrom: candidate.period.periodFrom, reason: 'billed' });
          continue;
        }
        made.push({
          _id: document.row.id,
          kind: candidate.kind,
          number: null,
          issued: false,
          contractId: candidate.contractId,
          contractName: candidate.contractName,
          companyName: document.row.customer?.name ?? candidate.companyName,
          periodFrom: candidate.period.periodFrom,
          periodTo: candidate.period.periodTo,
          totalAmount: Number(document.row.totalAmount),
          currencyCode: candidate.currencyCode,
        });
      }
      return made;
    });

    const issueErrors: BillingRunResult['issueErrors'] = [];
    if (input.issue) {
      for (const document of created) {
        try {
          const issued = await this.deps.billing.issue(document.kind, actor, document._id);
          document.number = issued.number;
          document.issued = true;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          issueErrors.push({ _id: document._id, message: error.key });
        }
      }
    }
    return { created, skipped, issueErrors };
  }

  /** Items that are not due: `billed` when a document bills their period, else `not_due`. */
  private async whyNotDue(tx: Executor, items: Array<{ contractId: string; periodFrom: string }>) {
    if (items.length === 0) return [];
    const billed = await queryRows<{ contract_id: string; period_from: string }>(
      tx,
      sql`select contract_id, cast(period_from as text) as period_from from contract_billed_periods
          where contract_id in (select unnest(${`{${items.map((item) => item.contractId).join(',')}}`}::uuid[]))`,
    );
    const keys = new Set(billed.map((row) => keyOf(row.contract_id, row.period_from)));
    return items.map((item) => ({
      ...item,
      reason: (keys.has(keyOf(item.contractId, item.periodFrom)) ? 'billed' : 'not_due') as BillingRunSkipReason,
    }));
  }
}
