import { BILLING_ROUTES } from '@kantora/domain';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** What a message can belong to (its `entity.model`): invoices and notices, proformas, calendar events. */
export const MAIL_ENTITY_MODELS = ['Invoice', 'ProformaInvoice', 'Event'] as const;

/** The app's page of a message's entity, when it has one. */
export function mailEntityRoute(entity: { model: string; id: string } | null): string | null {
  if (!entity) return null;
  if (entity.model === 'Invoice') return `${BILLING_ROUTES.invoice}/${entity.id}`;
  if (entity.model === 'ProformaInvoice') return `${BILLING_ROUTES.proforma}/${entity.id}`;
  return null;
}

/** A known entity model's name in the user's language; another shows as it is. */
export const mailEntityLabel = (t: TFunction<'mail'>, model: string) => t(`entities.${model}`, { defaultValue: model });

/** The entity of a message: a link to its document, or its name. */
export function MailEntityLink({ entity }: { entity: { model: string; id: string } | null }) {
  const { t } = useTranslation('mail');
  if (!entity) return <>—</>;
  const to = mailEntityRoute(entity);
  const label = mailEntityLabel(t, entity.model);
  return to ? (
    <Link component={RouterLink} to={to}>
      {label}
    </Link>
  ) : (
    label
  );
}
