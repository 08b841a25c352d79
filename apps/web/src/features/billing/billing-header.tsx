import {
  BILLING_ROUTES,
  type BillingDocumentView,
  type BillingKind,
  isEuBusinessAbroad,
  isManagement,
  NoticeType,
} from '@kantora/domain';
import CallSplit from '@mui/icons-material/CallSplit';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Lock from '@mui/icons-material/Lock';
import Payments from '@mui/icons-material/Payments';
import Receipt from '@mui/icons-material/Receipt';
import Send from '@mui/icons-material/Send';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { RecordHeader } from '../../components/ui/record-header.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { notify } from '../../lib/notify.ts';
import { useSessionUser } from '../../lib/session.ts';
import { billingApi, billingKeys, documentRoute } from '../../api/billing.ts';
import { IssuedChip, PaidChip } from './billing-columns.tsx';
import type { BillingFormValues } from './billing-form.ts';
import { PaymentsDialog } from './payments-dialog.tsx';
import { PrintMenu } from './print-menu.tsx';
import { TransformDialog } from './transform-dialog.tsx';

export interface BillingHeaderProps {
  kind: BillingKind;
  doc: BillingDocumentView | null;
  /** Saves the form when changed; resolves the saved document, or null when it was not saved. */
  onSave: (options?: { onlyIfDirty?: boolean }) => Promise<BillingDocumentView | null>;
  saving: boolean;
  /** After a transition: the document as the server answered it. */
  onChanged: (doc: BillingDocumentView) => void;
  /** An issued document management may send: opens the send-by-e-mail dialog. */
  onSendMail?: () => void;
}

/** The document's title: invoice, credit notice or debit notice by its notice type; proforma invoice. */
export function useDocumentTitle(kind: BillingKind, doc: BillingDocumentView | null): string {
  const { t } = useTranslation('billing');
  if (!doc) return t(`${kind}.new_title`);
  const name = kind === 'proforma' ? t('proforma.title') : t(`notice_title.${doc.noticeType}`);
  return doc.number ? t('title_with_number', { name, number: doc.number }) : name;
}

/** Who created and issued it, and when. */
function Stamps({ doc }: { doc: BillingDocumentView }) {
  const { t, i18n } = useTranslation('billing');
  const name = (value: BillingDocumentView['createdByName']) => localized(value, i18n.language) || '—';
  const lines = [
    doc.created && t('stamps.created', { name: name(doc.createdByName), date: formatDateTime(doc.created) }),
    doc.issuedOn && t('stamps.issued', { name: name(doc.issuedByName), date: formatDateTime(doc.issuedOn) }),
  ].filter(Boolean);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
      {lines.join(' · ')}
    </Typography>
  );
}

/** The links of a document: a notice's original invoice, a proforma's invoices, an invoice's proforma. */
function Links({ doc }: { doc: BillingDocumentView }) {
  const { t } = useTranslation('billing');
  const user = useSessionUser();
  const links: Array<{ key: string; to: string | null; text: string }> = [];
  if (doc.kind === 'invoice' && doc.noticeType !== NoticeType.invoice && doc.creditToInvoice) {
    links.push({
      key: 'original',
      to: documentRoute('invoice', doc.creditToInvoice),
      text: t('links.original', {
        number: doc.creditToInvoiceNumber ?? '—',
        date: formatDate(doc.creditToInvoiceDate),
      }),
    });
  }
  // The proforma's number (also printed on the invoice); a link for those who may open proformas.
  if (doc.kind === 'invoice' && doc.transformedFromProformaInvoice) {
    const to = user && isManagement(user.access) ? documentRoute('proforma', doc.transformedFromProformaInvoice) : null;
    links.push({
      key: 'proforma',
      to,
      text: t('links.from_proforma', { number: doc.transformedFromProformaNumber ?? '—' }),
    });
  }
  for (const invoice of doc.transformedInvoices ?? []) {
    links.push({
      key: invoice._id,
      to: documentRoute('invoice', invoice._id),
      text: t(invoice.number ? 'links.invoice' : 'links.draft_invoice', {
        number: invoice.number ?? '',
        date: formatDate(invoice.date),
      }),
    });
  }
  if (links.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={t('links.label')}
      sx={{ flexBasis: '100%', display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      {links.map((link) =>
        link.to ? (
          <Link key={link.key} component={RouterLink} to={link.to} variant="body2">
            {link.text}
          </Link>
        ) : (
          <Typography key={link.key} variant="body2">
            {link.text}
          </Typography>
        ),
      )}
    </Box>
  );
}

/**
 * The title, state and stamps of a document, and its buttons: Save (a draft, management), Issue (management,
 * draft), Unissue (admin), Payments (issued: the payments dialog), Send by e-mail (issued, management), the transformations of an issued proforma (whole,
 * or chosen rows), Duplicate (management: a new draft opens), Delete draft (management, a draft that never had a
 * number) and Print. Every
 * transition asks first; a changed form is saved before issuing.
 */
export function BillingHeader({ kind, doc, onSave, saving, onChanged, onSendMail }: BillingHeaderProps) {
  const { t, i18n } = useTranslation(['billing', 'mail']);
  const confirm = useConfirm();
  const form = useFormContext<BillingFormValues>();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [paying, setPaying] = useState(false);
  const title = useDocumentTitle(kind, doc);
  const rights = doc?.rights;
  const canSave = doc ? doc.rights.canEdit : true;
  const api = billingApi(kind);

  const run = async (call: () => Promise<BillingDocumentView>) => {
    setBusy(true);
    try {
      return await call();
    } catch {
      // The API client has shown why.
      return null;
    } finally {
      setBusy(false);
    }
  };

  const issue = async () => {
    if (!doc) return;
    if (!form.getValues('customer')) return notify.warning('please_select_customer');
    if (doc.itemsCount === 0)
      return notify.warning(kind === 'invoice' ? 'please_add_invoice_items' : 'please_add_proforma_invoice_items');
    const customer = form.getValues('customer');
    // Bulgarian VAT charged to a business registered for VAT in another member state: normally a reverse charge, so
    // the question names the customer and asks to charge VAT anyway.
    const sure = await confirm(
      form.getValues('VATCharging') && isEuBusinessAbroad(customer?.vatNumber)
        ? {
            titleKey: t('reverse_charge.issue_title'),
            messageKey: t(`reverse_charge.issue_text_${kind}`, {
              customer: localized(customer?.name, i18n.language),
              vatNumber: customer?.vatNumber,
              percentage: formatNumber(doc.VATPercentage),
            }),
            confirmLabel: t('reverse_charge.issue_confirm'),
          }
        : {
            titleKey: t('issue.title'),
            messageKey: t(`issue.text_${kind}`),
            confirmLabel: t('actions.issue'),
          },
    );
    if (!sure) return;
    if (!(await onSave({ onlyIfDirty: true }))) return;
    setBusy(true);
    try {
      onChanged(await api.issue(doc._id));
    } catch (error) {
      // The toast says why; the fields it names are marked too.
      applyServerErrors(form.setError, error);
    } finally {
      setBusy(false);
    }
  };

  const unissue = async () => {
    if (!doc) return;
    const sure = await confirm({
      titleKey: t('unissue.title'),
      messageKey: t('unissue.text'),
      confirmLabel: t('actions.unissue'),
    });
    if (!sure) return;
    const draft = await run(() => api.unissue(doc._id));
    if (draft) onChanged(draft);
  };

  /** Deletes a draft that never had a number, after the question; the list opens. */
  const removeDraft = async () => {
    if (!doc) return;
    const sure = await confirm({
      titleKey: t('remove.title'),
      messageKey: 'are_your_sure_delete_draft',
      confirmLabel: t('actions.remove_draft'),
      destructive: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      await api.remove(doc._id);
      invalidate(billingKeys.all(kind));
      navigate(BILLING_ROUTES[kind], { replace: true });
    } catch {
      // The API client has shown why.
      setBusy(false);
    }
  };

  /** A new draft with the document's header and rows (a changed form is saved first); the copy opens. */
  const duplicate = async () => {
    if (!doc) return;
    if (canSave && !(await onSave({ onlyIfDirty: true }))) return;
    const copy = await run(() => api.duplicate(doc._id));
    if (!copy) return;
    invalidate(billingKeys.list(kind), billingKeys.counts(kind));
    navigate(documentRoute(kind, copy._id));
  };

  /** The proforma's rows and lists changed: they are read again; the new draft invoice opens. */
  const transformed = (invoice: BillingDocumentView) => {
    invalidate(billingKeys.all('proforma'), billingKeys.all('invoice'));
    navigate(documentRoute('invoice', invoice._id));
  };

  const transformWhole = async () => {
    if (!doc) return;
    const sure = await confirm({
      titleKey: t('transform.title'),
      messageKey: t('transform.whole_text'),
      confirmLabel: t('actions.transform'),
    });
    if (!sure) return;
    const invoice = await run(() => api.transformWhole(doc._id));
    if (invoice) transformed(invoice);
  };

  return (
    <RecordHeader
      title={title}
      chips={
        <>
          <IssuedChip issued={doc?.issued ?? false} size="medium" />
          {doc?.issued && <PaidChip state={doc.isPaid} size="medium" />}
        </>
      }
      canSave={canSave}
      saveDisabled={busy || saving}
      details={
        <>
          {doc && <Stamps doc={doc} />}
          {doc && <Links doc={doc} />}
        </>
      }
      actions={
        <>
          {doc?.issued && (
            <Button variant="outlined" startIcon={<Payments />} onClick={() => setPaying(true)}>
              {t('payments.open')}
            </Button>
          )}
          {doc && <PrintMenu doc={doc} />}
          {onSendMail && (
            <Button variant="outlined" startIcon={<Send />} onClick={onSendMail} disabled={busy || saving}>
              {t('mail:send.button')}
            </Button>
          )}
          {rights?.canDuplicate && (
            <Button
              variant="outlined"
              startIcon={<ContentCopy />}
              onClick={() => void duplicate()}
              disabled={busy || saving}
            >
              {t('actions.duplicate')}
            </Button>
          )}
          {rights?.canRemove && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => void removeDraft()}
              disabled={busy || saving}
            >
              {t('actions.remove_draft')}
            </Button>
          )}
          {rights?.canTransformItems && (
            <Button variant="outlined" startIcon={<CallSplit />} onClick={() => setChoosing(true)} disabled={busy}>
              {t('actions.transform_items')}
            </Button>
          )}
          {rights?.canTransform && (
            <Button variant="outlined" startIcon={<Receipt />} onClick={() => void transformWhole()} disabled={busy}>
              {t('actions.transform')}
            </Button>
          )}
          {rights?.canUnissue && (
            <Button variant="outlined" startIcon={<Undo />} onClick={() => void unissue()} disabled={busy}>
              {t('actions.unissue')}
            </Button>
          )}
          {rights?.canIssue && (
            <Button
              variant="outlined"
              color="success"
              startIcon={<Lock />}
              onClick={() => void issue()}
              disabled={busy || saving}
            >
              {t('actions.issue')}
            </Button>
          )}
        </>
      }
    >
      {doc && !canSave && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t(doc.issued ? (doc.isPaid !== 0 ? 'read_only.issued_paid' : 'read_only.issued') : 'read_only.role')}
        </Alert>
      )}
      {doc && paying && (
        <PaymentsDialog
          document={doc}
          onClose={() => setPaying(false)}
          onChanged={() => {
            // The paid state and the rights (unissue) follow the payments: the document is read again.
            void api.get(doc._id).then(onChanged, () => undefined);
          }}
        />
      )}
      {doc && kind === 'proforma' && choosing && (
        <TransformDialog
          proforma={doc}
          onClose={() => setChoosing(false)}
          onTransformed={(invoice) => {
            setChoosing(false);
            transformed(invoice);
          }}
        />
      )}
    </RecordHeader>
  );
}
