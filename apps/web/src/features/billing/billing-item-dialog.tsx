import {
  type BillingItemChange,
  type BillingItemFormValues,
  type BillingItemRow,
  type BillingKind,
  billingItemFormSchema,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityDialog } from '../../components/ui/entity-dialog.tsx';
import { LocalizedTextField } from '../../components/ui/fields/localized-text-field.tsx';
import { MoneyField } from '../../components/ui/fields/money-field.tsx';
import { NumberField } from '../../components/ui/fields/number-field.tsx';
import { applyServerErrors } from '../../components/ui/fields/server-errors.ts';
import { schemaResolver } from '../../lib/labels.ts';
import { billingApi } from '../../api/billing.ts';

interface ItemValues {
  name: { bg: string; it: string };
  price: number | null;
  quantity: number | null;
  comment: { bg: string; it: string };
}

const toForm = (row: BillingItemRow | null): ItemValues => ({
  name: { bg: row?.name.bg ?? '', it: row?.name.it ?? '' },
  // A credit notice's rows are stored negative; the dialog shows the price as entered.
  price: row ? Math.abs(row.price) : null,
  quantity: row?.quantity ?? 1,
  comment: { bg: row?.comment.bg ?? '', it: row?.comment.it ?? '' },
});

export interface BillingItemDialogProps {
  kind: BillingKind;
  documentId: string;
  /** The row to edit, or null for a new one. */
  row: BillingItemRow | null;
  currency?: string;
  readOnly?: boolean;
  onClose: () => void;
  /** After each save: the row and the document with its new totals, as the server answered. */
  onSaved: (change: BillingItemChange) => void;
}

/** A row of an invoice or proforma: name (Bulgarian required, Italian optional), price, quantity (1 by default) and comment. */
export function BillingItemDialog({
  kind,
  documentId,
  row,
  currency,
  readOnly = false,
  onClose,
  onSaved,
}: BillingItemDialogProps) {
  const { t } = useTranslation('billing');
  const [itemId, setItemId] = useState<string | null>(row?._id ?? null);
  const form = useForm<ItemValues, any, BillingItemFormValues>({
    resolver: schemaResolver(billingItemFormSchema),
    defaultValues: toForm(row),
  });
  return (
    <EntityDialog<ItemValues, BillingItemChange, BillingItemFormValues>
      open
      onClose={onClose}
      title={(mode) => (mode === 'create' ? t('items.new') : t('items.one'))}
      form={form}
      initialMode={row ? 'edit' : 'create'}
      readOnly={readOnly}
      onSave={async (values) => {
        try {
          const change = await billingApi(kind).saveItem(documentId, { ...values, ...(itemId ? { _id: itemId } : {}) });
          setItemId(change.item?._id ?? itemId);
          return change;
        } catch (error) {
          applyServerErrors(form.setError, error);
          throw error;
        }
      }}
      onSaved={onSaved}
      toFormValues={(change) => toForm(change.item)}
    >
      <Stack spacing={2} sx={{ pt: 0.5 }}>
        {/* The Italian name is optional: an empty one is shown and printed as the Bulgarian name. */}
        <LocalizedTextField
          control={form.control}
          name="name"
          label={t('items.name')}
          required={{ bg: true }}
          helperText={{ it: t('items.name_it_hint') }}
          multiline
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <MoneyField control={form.control} name="price" label={t('items.price')} currency={currency} required />
          <NumberField control={form.control} name="quantity" label={t('items.quantity')} decimals={3} required />
        </Box>
        <LocalizedTextField control={form.control} name="comment" label={t('items.comment')} multiline />
      </Stack>
    </EntityDialog>
  );
}
