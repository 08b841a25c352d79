import { CONTRACT_STATUSES, type ContractFilter, type ContractStatusValue, type ClientOption } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { ClientSearchField } from '../../components/entities/client-search.tsx';
import { SelectField } from '../../components/ui/fields/select-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { FilterForm } from '../../components/ui/filter-form.tsx';

/** The filter form's values: the client as the search gives it, the rest as the list call takes it. */
export interface ContractFilterValues {
  client: ClientOption | null;
  bulstat: string;
  vatNumber: string;
  status: ContractStatusValue | null;
}

export const emptyContractFilter: ContractFilterValues = { client: null, bulstat: '', vatNumber: '', status: null };

/** The filter as the list call takes it (`customerId` is the client's id). */
export function toListFilter({ client, ...rest }: Partial<ContractFilterValues>): ContractFilter {
  return client ? { ...rest, customerId: client._id } : rest;
}

/** Client (the client search), bulstat, VAT number and status (draft, registered, canceled, expired). */
export function ContractsFilter({
  onApply,
  onResetPage,
}: {
  onApply: (values: ContractFilterValues) => void;
  onResetPage: () => void;
}) {
  const { t } = useTranslation('contracts');
  const statuses = CONTRACT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }));
  return (
    <FilterForm<ContractFilterValues> emptyValues={emptyContractFilter} onApply={onApply} onResetPage={onResetPage}>
      {(form) => (
        <>
          <ClientSearchField control={form.control} name="client" label={t('fields.customer')} />
          <FormTextField
            control={form.control}
            name="bulstat"
            label={t('fields.bulstat')}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
          <FormTextField
            control={form.control}
            name="vatNumber"
            label={t('fields.vat_number')}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
          <SelectField control={form.control} name="status" label={t('fields.status')} options={statuses} clearable />
        </>
      )}
    </FilterForm>
  );
}
