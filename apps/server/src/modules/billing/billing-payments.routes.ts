import {
  BILLING_API,
  type BillingKind,
  MessageKeys as M,
  type PermissionName,
  paymentRef,
  paymentSaveSchema,
  paymentsListQuery,
  setItemIsPaidSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { requireValidForm } from '../../http/validation.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { BillingPaymentsService } from './billing-payments.service.ts';

/** Who reads and who changes the payments of each kind (permissions.ts): accountants read invoices' payments only. */
const PERMISSIONS: Record<BillingKind, { read: PermissionName; write: PermissionName }> = {
  invoice: { read: 'invoicePaymentsRead', write: 'paymentsWrite' },
  proforma: { read: 'proformas', write: 'proformas' },
};

/**
 * The payments calls of one kind under its base path (getPaidDetails is with the billing calls); the API is
 * described in packages/domain/src/payments.schemas.ts.
 */
export function billingPaymentRoutes(app: AppInstance, kind: BillingKind, payments: BillingPaymentsService) {
  const base = BILLING_API[kind];
  const tags = [kind === 'invoice' ? 'invoices' : 'proforma-invoices'];
  const read = { permission: PERMISSIONS[kind].read };
  const write = { permission: PERMISSIONS[kind].write };

  app.post(`${base}/getPayments`, { schema: { body: paymentsListQuery, tags }, config: read }, async (request) =>
    ok(await payments.list(kind, userOf(request), request.body)),
  );

  app.post(`${base}/getPayment`, { schema: { body: paymentRef, tags }, config: read }, async (request) =>
    ok(await payments.get(kind, userOf(request), request.body.paymentId)),
  );

  app.post(
    `${base}/savePayment`,
    { schema: { body: paymentSaveSchema, tags }, config: write, attachValidation: true },
    async (request) => {
      requireValidForm(request);
      return ok(await payments.save(kind, userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(`${base}/removePayment`, { schema: { body: paymentRef, tags }, config: write }, async (request) =>
    ok(await payments.remove(kind, userOf(request), request.body), M.deleted_successfully),
  );

  if (kind === 'proforma') {
    app.post(
      `${base}/setItemIsPaid`,
      { schema: { body: setItemIsPaidSchema, tags }, config: write },
      async (request) => {
        return ok(
          await payments.setItemIsPaid(userOf(request), request.body.itemId, request.body.isPaid),
          M.saved_successfully,
        );
      },
    );
  }
}
