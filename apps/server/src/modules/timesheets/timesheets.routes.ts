import {
  idParamsSchema,
  MessageKeys as M,
  sofiaDay,
  TIMESHEET_PRINT_MAX_ROWS,
  timesheetExportQuery,
  timesheetListQuery,
  timesheetRemoveSchema,
  timesheetSaveSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { sendStream } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { sendPdf } from '../printing/render.ts';
import { timesheetsWorkbook } from './timesheets-export.ts';
import { timesheetsPdf } from './timesheets-print.ts';
import type { TimesheetsService } from './timesheets.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Timesheets (the API is described in packages/domain/src/timesheets.schemas.ts). */
export function timesheetRoutes(app: AppInstance, service: TimesheetsService) {
  const tags = ['timesheets'];
  const config = { permission: 'timesheets' } as const;
  const reports = { permission: 'timesheetsReports' } as const;

  app.post('/api/timesheets/list', { schema: { body: timesheetListQuery, tags }, config }, async (request) =>
    ok(await service.list(userOf(request), request.body)),
  );

  app.get('/api/timesheets/:id', { schema: { params: idParamsSchema, tags }, config }, async (request) =>
    ok(await service.get(userOf(request), request.params.id)),
  );

  // An array creates rows (all or none); one object updates (with `_id`) or creates one row.
  app.post('/api/timesheets/save', { schema: { body: timesheetSaveSchema, tags }, config }, async (request) => {
    const views = await service.save(userOf(request), request.body);
    return ok(request.body.many ? views : views[0], M.saved_successfully);
  });

  app.post(
    '/api/timesheets/remove',
    { schema: { body: timesheetRemoveSchema, tags }, config: { permission: 'timesheetsDelete' } },
    async (request) => {
      await service.remove(userOf(request), request.body.timesheetId);
      return ok(true, M.deleted_successfully);
    },
  );

  app.post(
    '/api/timesheets/export',
    { schema: { body: timesheetExportQuery, tags }, config: reports },
    async (request, reply) => {
      const user = userOf(request);
      service.assertFiltered(request.body);
      const batches = service.walk(user, request.body);
      // The first batch is read before answering, so a refused query still answers its error, not a cut file.
      const first = await batches.next();
      const rows = (async function* () {
        if (!first.done) yield first.value;
        yield* batches;
      })();
      return sendStream(
        reply,
        { filename: `timesheets-${sofiaDay()}.xlsx`, contentType: XLSX },
        timesheetsWorkbook(rows, request.body.lang ?? user.locale),
      );
    },
  );

  app.post(
    '/api/timesheets/print',
    { schema: { body: timesheetExportQuery, tags }, config: reports },
    async (request, reply) => {
      const user = userOf(request);
      service.assertFiltered(request.body);
      // The language asked for (the one on screen), else the user's stored one.
      const lang = request.body.lang ?? user.locale;
      const rows = await service.printRows(user, request.body, lang, TIMESHEET_PRINT_MAX_ROWS);
      return sendPdf(reply, await timesheetsPdf(rows, request.body, lang), `timesheets-${sofiaDay()}.pdf`);
    },
  );
}
