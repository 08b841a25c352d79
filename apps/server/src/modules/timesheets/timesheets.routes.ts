import {
  idParamsSchema,
  MessageKeys as M,
  timesheetExportQuery,
  timesheetListQuery,
  timesheetRemoveSchema,
  timesheetSaveSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { sendStream } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { sendPdf } from '../printing/index.ts';
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
      // The language asked for (the one on screen), else the user's stored one.
      const user = userOf(request);
      const file = await service.exportFile(user, request.body, request.body.lang ?? user.locale);
      return sendStream(reply, { filename: file.filename, contentType: XLSX }, file.body);
    },
  );

  app.post(
    '/api/timesheets/print',
    { schema: { body: timesheetExportQuery, tags }, config: reports },
    async (request, reply) => {
      const user = userOf(request);
      const file = await service.printFile(user, request.body, request.body.lang ?? user.locale);
      return sendPdf(reply, file.pdf, file.filename);
    },
  );
}
