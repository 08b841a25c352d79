import type { DictionaryItem } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Visibility from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/ui/row-action.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FormTextField } from '../../../components/ui/fields/text-field.tsx';
import { SelectField } from '../../../components/ui/fields/select-field.tsx';
import { FilterForm } from '../../../components/ui/filter-form.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import type { ListRequest } from '../../../components/ui/use-list-query.ts';
import { useListState } from '../../../components/ui/use-list-query.ts';
import { localized } from '../../../lib/labels.ts';
import { settingsApi, settingsKeys } from '../../../api/settings.ts';
import type { DictionaryConfig } from './dictionary-config.tsx';
import { DictionaryDialog } from './dictionary-dialog.tsx';
import { useAllCategories } from './dictionary-fields.tsx';

interface ServiceFilterValues {
  code: string;
  name: string;
  description: string;
  /** 1 active, 0 inactive, null both. */
  status: number | null;
}
const emptyServiceFilter: ServiceFilterValues = { code: '', name: '', description: '', status: null };
/** Applied filter; the status travels as text because the list state drops `false` as "no value". */
type ListFilter = Omit<ServiceFilterValues, 'status'> & { status?: 'active' | 'inactive' };

/** The service filter: code, name, description, status. */
function ServiceFilter({ onApply, onResetPage }: { onApply: (filter: ListFilter) => void; onResetPage: () => void }) {
  const { t } = useTranslation('settings');
  const statusOptions = [
    { value: 1, label: t('status.active') },
    { value: 0, label: t('status.inactive') },
  ];
  return (
    <FilterForm<ServiceFilterValues>
      emptyValues={emptyServiceFilter}
      onResetPage={onResetPage}
      onApply={({ status, ...rest }) =>
        onApply({ ...rest, ...(status === null ? {} : { status: status === 1 ? 'active' : 'inactive' }) })
      }
    >
      {(form) => (
        <>
          <FormTextField control={form.control} name="code" label={t('fields.code')} />
          <FormTextField control={form.control} name="name" label={t('fields.name')} />
          <FormTextField control={form.control} name="description" label={t('fields.description')} />
          <SelectField
            control={form.control}
            name="status"
            label={t('fields.status')}
            options={statusOptions}
            clearable
          />
        </>
      )}
    </FilterForm>
  );
}

/** One page for every simple settings list: the table (server paging and sorting), add and preview. */
export function DictionaryPage({ config }: { config: DictionaryConfig }) {
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const list = useListState<Partial<ListFilter>>(config.defaultSort(locale));
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  const usesNames = config.kind === 'document-flow-categories';
  const categories = useAllCategories(usesNames);
  const namesById = useMemo(
    () =>
      new Map(
        (usesNames ? (categories.data?.Items ?? []) : []).map((item) => [item._id, localized(item.name, locale)]),
      ),
    [usesNames, categories.data, locale],
  );
  const columns = useMemo(() => config.columns({ t, locale, namesById }), [config, t, locale, namesById]);
  const fetcher = useMemo(
    () =>
      ({ status, ...request }: ListRequest<Partial<ListFilter>>) =>
        settingsApi.listDictionary(config.kind, { ...request, ...(status ? { status: status === 'active' } : {}) }),
    [config.kind],
  );

  return (
    <>
      <PageToolbar description={t(`${config.texts}.intro`)}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ id: null })}>
          {t(`${config.texts}.add`)}
        </Button>
      </PageToolbar>
      {config.filter && <ServiceFilter onApply={list.applyFilters} onResetPage={list.resetPage} />}
      <DataTable<DictionaryItem, Partial<ListFilter>>
        queryKey={settingsKeys.dictionary(config.kind)}
        fetcher={fetcher}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t(`routes:${config.route}`)}
        rowActions={(row) => (
          <RowAction
            label={t('common:actions.preview')}
            target={localized(row.name, locale)}
            icon={<Visibility fontSize="small" />}
            onClick={() => setDialog({ id: row._id })}
          />
        )}
      />
      {dialog && (
        <DictionaryDialog key={dialog.id ?? 'new'} config={config} id={dialog.id} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
