import {
  BILLING_ROUTES,
  type BillingKind,
  DOCUMENT_MAIL_ENTITY,
  type MailView,
  type PrintDocumentKind,
} from '@kantora/domain';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The calendar's messages belong to their event under this model (the server's invitation mails). */
const EVENT_MODEL = 'Event';

/** What a message can belong to (its `entity.model`): a billing document (invoice, notice, proforma), an event. */
export const MAIL_ENTITY_MODELS = [DOCUMENT_MAIL_ENTITY, EVENT_MODEL] as const;

/** The `entity` filter of a document's messages (its editor's history links to them). */
export const documentMailEntity = (id: string) => ({ entityModel: DOCUMENT_MAIL_ENTITY, entityId: id });

/** The kinds of printed document (`printFilename`'s first word) and the billing kind each opens in. */
const PRINT_KINDS: ReadonlyArray<[PrintDocumentKind, BillingKind]> = [
  ['proforma-invoice', 'proforma'],
  ['credit-notice', 'invoice'],
  ['debit-notice', 'invoice'],
  ['invoice', 'invoice'],
];

/**
 * What billing document a message carries: invoices and proformas share one entity, so the PDF's name
 * (`printFilename`: `proforma-invoice-…`, `credit-notice-…`) tells them apart. Null when the message has no PDF.
 */
function printKindOf(mail: Pick<MailView, 'attachments'>): [PrintDocumentKind, BillingKind] | null {
  const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
  return pdf ? (PRINT_KINDS.find(([prefix]) => pdf.filename.startsWith(`${prefix}-`)) ?? null) : null;
}

/** The entity's name and, for a billing document, its editor's address. */
export function mailEntityOf(
  t: TFunction<'mail'>,
  mail: Pick<MailView, 'entity' | 'attachments'>,
): { label: string; to: string | null } | null {
  const { entity } = mail;
  if (!entity) return null;
  if (entity.model === DOCUMENT_MAIL_ENTITY) {
    const kind = printKindOf(mail);
    return kind
      ? { label: t(`entities.${kind[0]}`), to: `${BILLING_ROUTES[kind[1]]}/${entity.id}` }
      : { label: mailEntityLabel(t, entity.model), to: null };
  }
  return { label: mailEntityLabel(t, entity.model), to: null };
}

/** A known entity model's name in the user's language; another shows as it is. */
export const mailEntityLabel = (t: TFunction<'mail'>, model: string) => t(`entities.${model}`, { defaultValue: model });

/** The entity of a message: a link to its document, or its name. */
export function MailEntityLink({ mail }: { mail: Pick<MailView, 'entity' | 'attachments'> }) {
  const { t } = useTranslation('mail');
  const entity = mailEntityOf(t, mail);
  if (!entity) return '—';
  return entity.to ? (
    <Link component={RouterLink} to={entity.to}>
      {entity.label}
    </Link>
  ) : (
    entity.label
  );
}
