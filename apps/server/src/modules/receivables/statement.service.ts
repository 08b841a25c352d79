import {
  type CompanyBalance,
  fromCents,
  type Locale,
  MessageKeys as M,
  type MailView,
  renderMailTemplate,
  type StatementMail,
  statementFilename,
  toCents,
} from '@kantora/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import type { Actor } from '../../http/actor.ts';
import { badRequest } from '../../http/errors.ts';
import { assertClientVisible } from '../clients/index.ts';
import { mailTemplateOf } from '../document-mail/index.ts';
import { queueMail } from '../mail/index.ts';
import { formatDate, formatMoney, localized } from '../printing/index.ts';
import { currencyOrder as currencyOrderSql, isOverdue, receivableDues } from './receivables.sql.ts';
import { type StatementPeriod, statementOf } from './statement.ts';
import { statementPdf } from './statement-print.ts';

/** The entity a statement's messages belong to: the client (`entity.model` of its MailView; the id is the client's). */
export const STATEMENT_MAIL_ENTITY = 'companies';

interface StatementRequest extends StatementPeriod {
  language?: Locale;
}

/**
 * The statement of account (statement.ts, statement-print.ts): its PDF for staff and for a client user (their own
 * companies only: the clients module's visibility rule answers the portal's not-found), by mail through the outbox,
 * and the portal company's balance (the receivables' money rule, receivables.sql.ts).
 */
export class StatementService {
  constructor(private readonly db: Db) {}

  /** The PDF and its download name; the language asked, else the client's. */
  async pdf(actor: Actor, request: StatementRequest): Promise<{ pdf: Buffer; filename: string }> {
    const found = await statementOf(this.db, actor, request);
    const pdf = await statementPdf(found.statement, request.language ?? found.language);
    return { pdf, filename: statementFilename(request.fromDate, request.toDate) };
  }

  /**
   * POST /api/receivables/statement/sendByMail: the statement's PDF to the addresses given, else to the client's
   * notification e-mails (none: 400 `mail_no_recipients` on `to`), with the `statement` template in the language asked
   * (else the client's), queued in one transaction with the data read.
   */
  async send(actor: Actor, input: StatementMail): Promise<MailView> {
    return this.db.transaction(async (tx) => {
      const found = await statementOf(tx, actor, input);
      const to = input.to ?? found.emails;
      if (to.length === 0) throw badRequest(M.mail_no_recipients, [{ field: 'to', message: M.mail_no_recipients }]);
      const language = input.language ?? found.language;
      const { statement } = found;
      const client = localized(statement.client.name, language);
      const balance = statement.currencies
        .map((part) => `${formatMoney(part.closing, language)} ${part.currency}`.trim())
        .join('; ');
      const rendered = renderMailTemplate(await mailTemplateOf(tx, 'statement', language), {
        fromDate: formatDate(statement.fromDate),
        toDate: formatDate(statement.toDate),
        balance: balance || formatMoney(0, language),
        client,
        contact: localized(found.contact, language) || client,
        company: statement.provider ? localized(statement.provider.name, language) : '',
      });
      const pdf = await statementPdf(statement, language);
      return queueMail(tx, actor, {
        to,
        ...rendered,
        language,
        kind: 'document',
        entity: { model: STATEMENT_MAIL_ENTITY, id: input.clientId },
        attachments: [
          {
            filename: statementFilename(input.fromDate, input.toDate),
            contentType: 'application/pdf',
            content: pdf,
          },
        ],
      });
    });
  }

  /**
   * GET /api/my-companies/balance/{id}: per currency (EUR first) what the company owes now (Σ due of its outstanding
   * invoices) and the overdue part of it; a currency with nothing outstanding is left out.
   */
  async balance(actor: Actor, companyId: string): Promise<CompanyBalance[]> {
    await assertClientVisible(this.db, actor, companyId);
    const rows = await queryRows<{ currency: string; outstanding: string; overdue: string }>(
      this.db,
      sql`select r.currency, sum(r.due)::text as outstanding,
          coalesce(sum(r.due) filter (where ${isOverdue()}), 0)::text as overdue
        from (${receivableDues({ customerId: companyId, outstanding: true })}) r
        group by r.currency order by ${currencyOrderSql(sql`r.currency`)}`,
    );
    return rows.map((row) => ({
      currency: row.currency,
      outstanding: fromCents(toCents(Number(row.outstanding))),
      overdue: fromCents(toCents(Number(row.overdue))),
    }));
  }
}
