import {
  BILLING_API,
  type BillingKind,
  billingAddServiceSchema,
  billingChangeCurrencySchema,
  billingCountQuery,
  billingDocumentRef,
  billingItemRef,
  billingItemSaveSchema,
  billingListQuery,
  billingNoticeSchema,
  billingSaveSchema,
  billingSearchQuery,
  billingSetVatSchema,
  generateProformaSchema,
  idParamsSchema,
  MessageKeys as M,
  type PermissionName,
  printQuery,
  transformItemsSchema,
  transformProformaSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { requireValidForm } from '../../http/validation.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { printFilenameOf, sendPdf } from '../printing/index.ts';
import type { BillingDraftsService } from './billing-drafts.service.ts';
import type { BillingItemsService } from './billing-items.service.ts';
import type { BillingService } from './billing.service.ts';
import type { BillingTransformsService } from './billing-transforms.service.ts';

export interface BillingServices {
  documents: BillingService;
  items: BillingItemsService;
  transforms: BillingTransformsService;
  drafts: BillingDraftsService;
}

/** Who may read and who may change each kind (permissions.ts); unissue is `billingUnissue` (admin) for both. */
const PERMISSIONS: Record<BillingKind, { read: PermissionName; write: PermissionName }> = {
  invoice: { read: 'invoicesRead', write: 'invoicesWrite' },
  proforma: { read: 'proformas', write: 'proformas' },
};

/**
 * The calls of one kind under its base path (/api/invoices or /api/proforma-invoices), thin over the one billing
 * service; the API is described in packages/domain/src/billing.schemas.ts.
 */
export function billingRoutes(app: AppInstance, kind: BillingKind, services: BillingServices) {
  const base = BILLING_API[kind];
  const tags = [kind === 'invoice' ? 'invoices' : 'proforma-invoices'];
  const read = { permission: PERMISSIONS[kind].read };
  const write = { permission: PERMISSIONS[kind].write };
  const { documents, items } = services;

  app.post(`${base}/list`, { schema: { body: billingListQuery, tags }, config: read }, async (request) =>
    ok(await documents.list(kind, userOf(request), request.body)),
  );

  app.get(`${base}/getDocsCount`, { schema: { querystring: billingCountQuery, tags }, config: read }, async (request) =>
    ok(await documents.counts(kind, userOf(request), request.query)),
  );

  app.post(`${base}/search`, { schema: { body: billingSearchQuery, tags }, config: read }, async (request) =>
    ok(await documents.search(kind, userOf(request), request.body)),
  );

  app.get(`${base}/:id`, { schema: { params: idParamsSchema, tags }, config: read }, async (request) =>
    ok(await documents.get(kind, userOf(request), request.params.id)),
  );

  app.post(
    `${base}/save`,
    { schema: { body: billingSaveSchema, tags }, config: write, attachValidation: true },
    async (request) => {
      requireValidForm(request);
      return ok(await documents.save(kind, userOf(request), request.body), M.saved_successfully);
    },
  );

  // The PDF of a document in one of the print layouts (PRINT_LAYOUTS) (same roles as reading; a draft prints with a watermark, no number).
  app.get(
    `${base}/print/:id`,
    { schema: { params: idParamsSchema, querystring: printQuery, tags }, config: read },
    async (request, reply) => {
      const { doc, pdf } = await services.documents.print(kind, userOf(request), request.params.id, request.query);
      return sendPdf(reply, pdf, printFilenameOf(doc));
    },
  );

  app.post(`${base}/getItems`, { schema: { body: billingDocumentRef, tags }, config: read }, async (request) =>
    ok(await items.list(kind, userOf(request), request.body.documentId)),
  );

  app.get(`${base}/item/:id`, { schema: { params: idParamsSchema, tags }, config: read }, async (request) =>
    ok(await items.get(kind, userOf(request), request.params.id)),
  );

  app.post(
    `${base}/saveItem`,
    { schema: { body: billingItemSaveSchema, tags }, config: write, attachValidation: true },
    async (request) => {
      requireValidForm(request);
      return ok(await items.save(kind, userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(`${base}/removeItem`, { schema: { body: billingItemRef, tags }, config: write }, async (request) =>
    ok(await items.remove(kind, userOf(request), request.body.itemId), M.deleted_successfully),
  );

  app.post(
    `${base}/addItemAsService`,
    { schema: { body: billingAddServiceSchema, tags }, config: write },
    async (request) => {
      return ok(await items.addService(kind, userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(`${base}/getTotals`, { schema: { body: billingDocumentRef, tags }, config: read }, async (request) =>
    ok(await documents.totals(kind, userOf(request), request.body.documentId)),
  );

  app.post(`${base}/getPaidDetails`, { schema: { body: billingDocumentRef, tags }, config: read }, async (request) =>
    ok(await documents.paidDetails(kind, userOf(request), request.body.documentId)),
  );

  app.post(
    `${base}/changeCurrency`,
    { schema: { body: billingChangeCurrencySchema, tags }, config: write },
    async (request) => {
      return ok(await documents.changeCurrency(kind, userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(`${base}/setVATType`, { schema: { body: billingSetVatSchema, tags }, config: write }, async (request) => {
    return ok(await documents.setVat(kind, userOf(request), request.body), M.saved_successfully);
  });

  app.post(`${base}/issue`, { schema: { body: billingDocumentRef, tags }, config: write }, async (request) => {
    return ok(await documents.issue(kind, userOf(request), request.body.documentId), M.saved_successfully);
  });

  app.post(
    `${base}/unissue`,
    { schema: { body: billingDocumentRef, tags }, config: { permission: 'billingUnissue' } },
    async (request) => {
      return ok(await documents.unissue(kind, userOf(request), request.body.documentId), M.saved_successfully);
    },
  );

  // A draft that never had a number is deleted (409 for a numbered one); any document is copied into a new draft.
  app.post(`${base}/remove`, { schema: { body: billingDocumentRef, tags }, config: write }, async (request) => {
    return ok(await services.drafts.remove(kind, userOf(request), request.body.documentId), M.deleted_successfully);
  });

  app.post(`${base}/duplicate`, { schema: { body: billingDocumentRef, tags }, config: write }, async (request) => {
    return ok(await services.drafts.duplicate(kind, userOf(request), request.body.documentId), M.saved_successfully);
  });

  if (kind === 'invoice') {
    app.post(
      `${base}/copyOriginalItems`,
      { schema: { body: billingDocumentRef, tags }, config: write },
      async (request) => {
        return ok(
          await services.drafts.copyOriginalItems(userOf(request), request.body.documentId),
          M.saved_successfully,
        );
      },
    );
    app.post(
      `${base}/changeNoticeType`,
      { schema: { body: billingNoticeSchema, tags }, config: write },
      async (request) => {
        return ok(await documents.changeNoticeType(userOf(request), request.body), M.saved_successfully);
      },
    );
  } else {
    app.post(
      `${base}/transformProformaToInvoice`,
      { schema: { body: transformProformaSchema, tags }, config: write },
      async (request) => {
        return ok(
          await services.transforms.transformWhole(userOf(request), request.body.proformaInvoiceId),
          M.saved_successfully,
        );
      },
    );
    app.post(
      `${base}/transformItemsToInvoice`,
      { schema: { body: transformItemsSchema, tags }, config: write },
      async (request) => {
        return ok(
          await services.transforms.transformItems(
            userOf(request),
            request.body.proformaInvoiceId,
            request.body.proformaInvoiceItems,
          ),
          M.saved_successfully,
        );
      },
    );
  }
}

/** POST /api/contracts/generateProformaInvoice (management): a draft proforma of the contract's next period. */
export function contractBillingRoutes(app: AppInstance, transforms: BillingTransformsService) {
  app.post(
    '/api/contracts/generateProformaInvoice',
    { schema: { body: generateProformaSchema, tags: ['contracts'] }, config: { permission: 'proformas' } },
    async (request) => {
      return ok(await transforms.generate(userOf(request), request.body.contractId), M.saved_successfully);
    },
  );
}
