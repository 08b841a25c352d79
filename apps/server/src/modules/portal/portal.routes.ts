import {
  type BillingKind,
  idParamsSchema,
  PORTAL_API,
  portalBillingListQuery,
  portalCompanyListQuery,
  portalCompanyTabQuery,
  portalContractListQuery,
  portalContractTabQuery,
  printQuery,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { sendFile } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { printFilenameOf, sendPdf } from '../printing/index.ts';
import type { PortalBillingService } from './portal-billing.service.ts';
import type { PortalClientsService } from './portal-clients.service.ts';
import type { PortalContractsService } from './portal-contracts.service.ts';

export interface PortalServices {
  companies: PortalClientsService;
  contracts: PortalContractsService;
  billing: PortalBillingService;
}

const config = { permission: 'portal' } as const;
const tags = ['portal'];

/** GET/POST of one billing kind under its portal base (/api/my-invoices, /api/my-proforma-invoices). */
function billingRoutes(app: AppInstance, kind: BillingKind, base: string, billing: PortalBillingService) {
  app.post(`${base}/list`, { schema: { body: portalBillingListQuery, tags }, config }, async (request) =>
    ok(await billing.list(kind, userOf(request), request.body)),
  );

  app.get(`${base}/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request) =>
    ok(await billing.get(kind, userOf(request), request.params.id)),
  );

  app.get(
    `${base}/print/:id`,
    { schema: { params: idParamsSchema, querystring: printQuery, tags }, config },
    async (request, reply) => {
      const { doc, pdf } = await billing.print(kind, userOf(request), request.params.id, request.query);
      return sendPdf(reply, pdf, printFilenameOf(doc));
    },
  );
}

/**
 * The client portal's read-only calls (the API is described in packages/domain/src/portal.schemas.ts); its document
 * flow is the documents-flow module's (/api/my-documents-flow, /api/my-companies/documents-flow/list).
 */
export function portalRoutes(app: AppInstance, { companies, contracts, billing }: PortalServices) {
  app.post(
    `${PORTAL_API.companies}/list`,
    { schema: { body: portalCompanyListQuery, tags }, config },
    async (request) => ok(await companies.list(userOf(request), request.body)),
  );

  app.get(`${PORTAL_API.companies}/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request) =>
    ok(await companies.get(userOf(request), request.params.id)),
  );

  app.post(
    `${PORTAL_API.companies}/contracts/list`,
    { schema: { body: portalCompanyTabQuery, tags }, config },
    async (request) => ok(await contracts.list(userOf(request), request.body)),
  );

  app.post(
    `${PORTAL_API.companies}/invoices/list`,
    { schema: { body: portalCompanyTabQuery, tags }, config },
    async (request) => ok(await billing.list('invoice', userOf(request), request.body)),
  );

  app.post(
    `${PORTAL_API.companies}/proforma-invoices/list`,
    { schema: { body: portalCompanyTabQuery, tags }, config },
    async (request) => ok(await billing.list('proforma', userOf(request), request.body)),
  );

  app.post(
    `${PORTAL_API.contracts}/list`,
    { schema: { body: portalContractListQuery, tags }, config },
    async (request) => ok(await contracts.list(userOf(request), request.body)),
  );

  app.get(`${PORTAL_API.contracts}/:id`, { schema: { params: idParamsSchema, tags }, config }, async (request) =>
    ok(await contracts.get(userOf(request), request.params.id)),
  );

  app.post(
    `${PORTAL_API.contracts}/services/list`,
    { schema: { body: portalContractTabQuery, tags }, config },
    async (request) => ok(await contracts.servicesList(userOf(request), request.body)),
  );

  app.post(
    `${PORTAL_API.contracts}/documents/list`,
    { schema: { body: portalContractTabQuery, tags }, config },
    async (request) => ok(await contracts.documentsList(userOf(request), request.body)),
  );

  app.get(
    `${PORTAL_API.contracts}/documents/download/:id`,
    { schema: { params: idParamsSchema, tags }, config },
    async (request, reply) => {
      const file = await contracts.download(userOf(request), request.params.id);
      return sendFile(reply, file, file.body);
    },
  );

  billingRoutes(app, 'invoice', PORTAL_API.invoices, billing);
  billingRoutes(app, 'proforma', PORTAL_API.proformas, billing);
}
