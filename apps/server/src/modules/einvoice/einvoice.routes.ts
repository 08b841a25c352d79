import { BILLING_API, idParamsSchema, PORTAL_API } from '@kantora/domain';
import type { Db } from '../../db/client.ts';
import { sendFile } from '../../http/files.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import { einvoiceOf } from './einvoice.service.ts';

/** The e-invoice (EN 16931 UBL XML) of an issued invoice or notice, as a download. */
const XML = 'application/xml; charset=utf-8';

/**
 * GET /api/invoices/einvoice/{id} (invoicesRead: admin, manager, accountant) and GET /api/my-invoices/einvoice/{id}
 * (portal: the client user of the customer, issued documents only).
 */
export function einvoiceRoutes(app: AppInstance, db: Db) {
  app.get(
    `${BILLING_API.invoice}/einvoice/:id`,
    { schema: { params: idParamsSchema, tags: ['invoices'] }, config: { permission: 'invoicesRead' } },
    async (request, reply) => {
      const { xml, filename } = await einvoiceOf(db, userOf(request), request.params.id, 'staff');
      const body = Buffer.from(xml, 'utf8');
      return sendFile(reply, { filename, contentType: XML, length: body.length }, body);
    },
  );

  app.get(
    `${PORTAL_API.invoices}/einvoice/:id`,
    { schema: { params: idParamsSchema, tags: ['portal'] }, config: { permission: 'portal' } },
    async (request, reply) => {
      const { xml, filename } = await einvoiceOf(db, userOf(request), request.params.id, 'portal');
      const body = Buffer.from(xml, 'utf8');
      return sendFile(reply, { filename, contentType: XML, length: body.length }, body);
    },
  );
}
