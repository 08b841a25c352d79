import { overdueListQuery, sofiaDay } from '@kantora/domain';
import type { Db } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';
import { sendStream } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { overdueWorkbook } from './receivables-export.ts';
import { overdueBatches, overduePage, receivablesSummary } from './receivables.queries.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Receivables (the API is described in packages/domain/src/receivables.schemas.ts): reads only, for whoever reads
 * invoices (admin, manager, accountant). Every figure is computed in SQL (receivables.sql.ts holds the money rule).
 */
export function receivablesRoutes(app: AppInstance, db: Db) {
  const tags = ['receivables'];
  const config = { permission: 'invoicesRead' } as const;

  app.get('/api/receivables/summary', { schema: { tags }, config }, async () => ok(await receivablesSummary(db)));

  app.post('/api/receivables/overdue', { schema: { body: overdueListQuery, tags }, config }, async (request) =>
    ok(await overduePage(db, request.body)),
  );

  app.post(
    '/api/receivables/overdue/export',
    { schema: { body: overdueListQuery, tags }, config },
    async (request, reply) => {
      const lang = request.body.lang ?? userOf(request).locale;
      // The first batch is read before answering, so a failing query answers its error, not a cut file.
      const batches = overdueBatches(db, request.body);
      const first = await batches.next();
      const rows = (async function* () {
        if (!first.done) yield first.value;
        yield* batches;
      })();
      return sendStream(
        reply,
        { filename: `overdue-${sofiaDay()}.xlsx`, contentType: XLSX },
        overdueWorkbook(rows, lang),
      );
    },
  );
}
