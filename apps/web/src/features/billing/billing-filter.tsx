import { type BillingFilter, PAID_STATES, type PaidStateValue, type ClientOption } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { ClientSearchField } from '../../components/entities/client-search.tsx';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { SelectField } from '../../components/ui/fields/select-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { FilterForm } from '../../components/ui/filter-form.tsx';

/** The filter form's values: the client as the search gives it, the rest as the list call takes it. */
export interface BillingFilterValues {
  number: string;
  client: ClientOption | null;
  fromDate: string | null;
  toDate: string | null;
  isPaid: PaidStateValue | null;
}

export const emptyBillingFilter: BillingFilterValues = {
  number: '',
  client: null,
  fromDate: null,
  toDate: null,
  isPaid: null,
};

/** The filter as the list and count calls take it (`customerId` is the client's id); empty values left out. */
export function toBillingFilter({ client, ...rest }: Partial<BillingFilterValues>): BillingFilter {
  const filter: BillingFilter = { ...rest, number: rest.number?.trim() || undefined };
  if (client) filter.customerId = client._id;
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as BillingFilter;
}

/** Number, client, from and to date (the document's date) and the paid state. */
export function BillingFilterForm({
  onApply,
  onResetPage,
}: {
  onApply: (values: BillingFilterValues) => void;
  onResetPage: () => void;
}) {
  const { t } = useTranslation('billing');
  const paid = PAID_STATES.map((state) => ({ value: state, label: t(`paid.${state}`) }));
  return (
    <FilterForm<BillingFilterValues> emptyValues={emptyBillingFilter} onApply={onApply} onResetPage={onResetPage}>
      {(form) => (
        <>
          <FormTextField
            control={form.control}
            name="number"
            label={t('fields.number')}
            slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric', pattern: '[0-9]*' } }}
          />
          <ClientSearchField control={form.control} name="client" label={t('fields.client')} />
          <DateField control={form.control} name="fromDate" label={t('fields.from_date')} />
          <DateField control={form.control} name="toDate" label={t('fields.to_date')} />
          <SelectField control={form.control} name="isPaid" label={t('fields.is_paid')} options={paid} clearable />
        </>
      )}
    </FilterForm>
  );
}
