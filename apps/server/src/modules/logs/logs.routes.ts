import { idParamsSchema, logListQuery } from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import type { LogsService } from './logs.service.ts';

export function logRoutes(app: AppInstance, logs: LogsService) {
  const config = { permission: 'settings' } as const;
  const tags = ['logs'];

  app.post('/api/logs/list', { schema: { body: logListQuery, tags }, config }, async (request) =>
    ok(await logs.list(request.body)),
  );

  app.get('/api/logs/getAllActions', { schema: { tags }, config }, async () => ok(await logs.allActions()));

  app.get('/api/logs/:id', { schema: { params: idParamsSchema, tags }, config }, async (request) =>
    ok(await logs.get(request.params.id)),
  );
}
