import { BILLING_RUN_API, billingRunPreviewQuery, billingRunSchema } from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { BillingRunService } from './billing-run.service.ts';

/** The billing run (management); the API is described in packages/domain/src/billing-run.schemas.ts. */
export function billingRunRoutes(app: AppInstance, service: BillingRunService) {
  const tags = ['billing-run'];
  const config = { permission: 'billingRun' } as const;

  app.post(`${BILLING_RUN_API}/preview`, { schema: { body: billingRunPreviewQuery, tags }, config }, async (request) =>
    ok(await service.preview(request.body.month)),
  );

  app.post(`${BILLING_RUN_API}/run`, { schema: { body: billingRunSchema, tags }, config }, async (request) =>
    ok(await service.run(userOf(request), request.body)),
  );
}
