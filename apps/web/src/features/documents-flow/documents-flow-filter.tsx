import type { DocumentFlowFilter, ClientOption } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { FilterForm } from '../../components/ui/filter-form.tsx';
import { type ClientFieldRenderer, staffClientField } from './document-flow-dialog.tsx';
import type { DocumentsFlowApi } from '../../api/documents-flow.ts';
import { useCategoryOptions } from './use-category-options.ts';

/** The filter form's values: the client as the search gives it, the rest as the list call takes it. */
export interface DocumentFlowFilterValues extends Omit<DocumentFlowFilter, 'company'> {
  client: ClientOption | null;
}

export const emptyDocumentFlowFilter: DocumentFlowFilterValues = {
  client: null,
  category: null,
  fromDate: null,
  toDate: null,
  uploadedFrom: null,
  uploadedTo: null,
  fileName: '',
  description: '',
};

/** The filter as the list call takes it (`company` is the client's id). */
export function toListFilter<T extends Partial<DocumentFlowFilterValues>>(
  { client, ...rest }: T,
  fixedClientId?: string,
): Omit<T, 'client'> & Pick<DocumentFlowFilter, 'company'> {
  const company = fixedClientId ?? client?._id;
  return company ? { ...rest, company } : rest;
}

/**
 * Client (left out when the list is one client's), category with its subcategories, the document's date
 * from/to, the upload day from/to, file name and description.
 */
export interface DocumentsFlowFilterProps {
  api: DocumentsFlowApi;
  withClient: boolean;
  /** The client field (the portal offers its own companies). */
  clientField?: ClientFieldRenderer;
  onApply: (values: DocumentFlowFilterValues) => void;
  onResetPage: () => void;
}

export function DocumentsFlowFilter({
  api,
  withClient,
  clientField = staffClientField,
  onApply,
  onResetPage,
}: DocumentsFlowFilterProps) {
  const { t } = useTranslation('documents-flow');
  const categories = useCategoryOptions(api);
  return (
    <FilterForm<DocumentFlowFilterValues>
      emptyValues={emptyDocumentFlowFilter}
      onApply={onApply}
      onResetPage={onResetPage}
    >
      {(form) => (
        <>
          {withClient && clientField({ control: form.control, name: 'client', label: t('fields.company') })}
          <OptionSelectField
            control={form.control}
            name="category"
            label={t('fields.category')}
            options={categories.options}
            clearable
            helperText={t('filter.category_hint')}
          />
          <DateField control={form.control} name="fromDate" label={t('filter.from_date')} />
          <DateField
            control={form.control}
            name="toDate"
            label={t('filter.to_date')}
            minDate={form.watch('fromDate') ?? undefined}
          />
          <DateField control={form.control} name="uploadedFrom" label={t('filter.uploaded_from')} />
          <DateField
            control={form.control}
            name="uploadedTo"
            label={t('filter.uploaded_to')}
            minDate={form.watch('uploadedFrom') ?? undefined}
          />
          <FormTextField
            control={form.control}
            name="fileName"
            label={t('fields.file_name')}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <FormTextField
            control={form.control}
            name="description"
            label={t('fields.description')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </>
      )}
    </FilterForm>
  );
}
