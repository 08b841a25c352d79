import {
  DEFAULT_EVENT_COLOR,
  type DictionaryKind,
  dictionarySaveSchemas,
  type DictionaryItem,
  defaultVatCategory,
} from '@kantora/domain';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { StatusIcon } from '../../../components/ui/status-icon.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { emptyText, localized } from '../../../lib/labels.ts';
import {
  CategoryFields,
  CurrencyFields,
  type DictionaryFieldsProps,
  EventCategoryFields,
  NameField,
  ServiceFields,
  VatTypeFields,
} from './dictionary-fields.tsx';

type Column = DataTableColumn<DictionaryItem>;

/** What the columns of a kind may use. */
export interface ColumnContext {
  t: TFunction<'settings'>;
  locale: string;
  /** Names of entries by id (the parent column of categories). */
  namesById?: Map<string, string>;
}

/**
 * Everything that differs between the seven simple settings lists. One page, one dialog and one
 * set of calls serve them all (DictionaryPage, DictionaryDialog).
 */
export interface DictionaryConfig {
  kind: DictionaryKind;
  /** Title key of the route (namespace `routes`). */
  route: string;
  /** Key of the kind's texts under `settings:` (one, new, add, intro). */
  texts: string;
  /** The domain's save schema: the form validates with it, the server checks the same. */
  schema: (typeof dictionarySaveSchemas)[DictionaryKind];
  /** The list's default order. */
  defaultSort: (locale: string) => { sortBy: string; sortDesc: boolean };
  /** Form values of a new entry. */
  newValues: () => FieldValues;
  /** Form values of a loaded or saved entry. */
  toForm: (item: DictionaryItem) => FieldValues;
  columns: (context: ColumnContext) => Column[];
  /** The inputs above the status switch. */
  Fields: ComponentType<DictionaryFieldsProps>;
  /** A filter panel (services: code, name, description, status). */
  filter?: boolean;
}

const byName = (locale: string) => ({ sortBy: `name.${locale}`, sortDesc: false });
const newestFirst = () => ({ sortBy: 'created', sortDesc: true });

const base = (item: DictionaryItem) => ({
  _id: item._id,
  name: { bg: item.name?.bg ?? '', it: item.name?.it ?? '' },
  status: item.status !== false,
});
const baseNew = () => ({ name: emptyText(), status: true });
const text = (value: unknown) => ({
  bg: (value as { bg?: string } | null)?.bg ?? '',
  it: (value as { it?: string } | null)?.it ?? '',
});

const nameColumn = ({ locale }: ColumnContext): Column => ({
  field: `name.${locale}`,
  header: 'settings:fields.name',
  sortable: true,
  render: (row) => localized(row.name, locale),
});

const statusColumn = ({ t }: ColumnContext): Column => ({
  field: 'status',
  header: 'settings:fields.status',
  sortable: true,
  align: 'center',
  width: 90,
  render: (row) => <StatusIcon active={row.status} label={t(row.status ? 'status.active' : 'status.inactive')} />,
});

const codeColumn = (header = 'settings:fields.code'): Column => ({ field: 'code', header, sortable: true, width: 110 });

export const DICTIONARY_CONFIGS: Record<DictionaryKind, DictionaryConfig> = {
  currencies: {
    kind: 'currencies',
    route: 'currencies',
    texts: 'currencies',
    schema: dictionarySaveSchemas.currencies,
    defaultSort: newestFirst,
    newValues: () => ({ ...baseNew(), code: '', exchangeRate: null }),
    toForm: (item) => ({ ...base(item), code: item.code ?? '', exchangeRate: item.exchangeRate ?? null }),
    columns: (context) => [
      codeColumn('settings:fields.currency_code'),
      nameColumn(context),
      {
        field: 'exchangeRate',
        header: 'settings:fields.exchange_rate',
        sortable: true,
        align: 'right',
        render: (row) => formatNumber(row.exchangeRate as number, 6),
      },
      statusColumn(context),
    ],
    Fields: CurrencyFields,
  },
  'document-types': {
    kind: 'document-types',
    route: 'document_types',
    texts: 'document_types',
    schema: dictionarySaveSchemas['document-types'],
    defaultSort: byName,
    newValues: baseNew,
    toForm: base,
    columns: (context) => [nameColumn(context), statusColumn(context)],
    Fields: NameField,
  },
  'event-categories': {
    kind: 'event-categories',
    route: 'event_categories',
    texts: 'event_categories',
    schema: dictionarySaveSchemas['event-categories'],
    defaultSort: byName,
    newValues: () => ({ ...baseNew(), color: DEFAULT_EVENT_COLOR }),
    toForm: (item) => ({ ...base(item), color: item.color ?? DEFAULT_EVENT_COLOR }),
    columns: (context) => [
      {
        field: 'swatch',
        header: 'settings:fields.color',
        width: 70,
        render: (row) => (
          <Box
            role="img"
            aria-label={String(row.color)}
            sx={{
              width: 28,
              height: 20,
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: String(row.color),
            }}
          />
        ),
      },
      nameColumn(context),
      {
        field: 'color',
        header: 'settings:fields.hex',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => <code>{String(row.color)}</code>,
      },
      statusColumn(context),
    ],
    Fields: EventCategoryFields,
  },
  'payment-types': {
    kind: 'payment-types',
    route: 'payment_types',
    texts: 'payment_types',
    schema: dictionarySaveSchemas['payment-types'],
    defaultSort: newestFirst,
    newValues: baseNew,
    toForm: base,
    columns: (context) => [nameColumn(context), statusColumn(context)],
    Fields: NameField,
  },
  services: {
    kind: 'services',
    route: 'services',
    texts: 'services',
    schema: dictionarySaveSchemas.services,
    defaultSort: byName,
    newValues: () => ({ ...baseNew(), code: '', description: emptyText(), price: null }),
    toForm: (item) => ({
      ...base(item),
      code: item.code ?? '',
      description: text(item.description),
      price: item.price ?? null,
    }),
    columns: (context) => [
      codeColumn(),
      nameColumn(context),
      {
        field: `description.${context.locale}`,
        header: 'settings:fields.description',
        sortable: true,
        hideBelow: 'md',
        render: (row) => localized(row.description, context.locale),
      },
      {
        field: 'price',
        header: 'settings:fields.price',
        sortable: true,
        align: 'right',
        render: (row) => formatMoney(row.price as number),
      },
      statusColumn(context),
    ],
    Fields: ServiceFields,
    filter: true,
  },
  'document-flow-categories': {
    kind: 'document-flow-categories',
    route: 'document_flow_categories',
    texts: 'document_flow_categories',
    schema: dictionarySaveSchemas['document-flow-categories'],
    defaultSort: byName,
    newValues: () => ({ ...baseNew(), parent: null }),
    toForm: (item) => ({ ...base(item), parent: typeof item.parent === 'string' ? item.parent : null }),
    columns: (context) => [
      nameColumn(context),
      {
        field: 'parent',
        header: 'settings:fields.parent',
        render: (row) => (typeof row.parent === 'string' ? (context.namesById?.get(row.parent) ?? '…') : '—'),
      },
      statusColumn(context),
    ],
    Fields: CategoryFields,
  },
  'vat-types': {
    kind: 'vat-types',
    route: 'vat_types',
    texts: 'vat_types',
    schema: dictionarySaveSchemas['vat-types'],
    defaultSort: newestFirst,
    // A new type starts standard-rated; typing its rate proposes the rate's category (VatTypeFields).
    newValues: () => ({
      ...baseNew(),
      percentage: null,
      exemptionReason: emptyText(),
      category: 'S',
      exemptionCode: null,
    }),
    toForm: (item) => ({
      ...base(item),
      percentage: item.percentage ?? null,
      exemptionReason: text(item.exemptionReason),
      category: item.category ?? defaultVatCategory(Number(item.percentage ?? 0)),
      exemptionCode: item.exemptionCode ?? null,
    }),
    columns: (context) => [
      nameColumn(context),
      {
        field: 'percentage',
        header: 'settings:fields.percentage',
        sortable: true,
        align: 'right',
        render: (row) => `${formatNumber(row.percentage as number, 2)} %`,
      },
      {
        field: 'category',
        header: 'settings:fields.vat_category_short',
        sortable: true,
        hideBelow: 'sm',
        // The code, then what it means and the VATEX code in small type: narrow enough for the list's other columns.
        render: (row) =>
          typeof row.category === 'string' ? (
            <Box component="span" sx={{ display: 'block', minWidth: 96 }}>
              {row.category}
              <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                {context.t(`vat_types.categories.${row.category}`)}
                {typeof row.exemptionCode === 'string' && <br />}
                {typeof row.exemptionCode === 'string' && row.exemptionCode}
              </Box>
            </Box>
          ) : (
            '—'
          ),
      },
      {
        field: 'exemptionReason',
        header: 'settings:fields.exemption_reason',
        hideBelow: 'md',
        render: (row) => localized(row.exemptionReason, context.locale) || '—',
      },
      statusColumn(context),
    ],
    Fields: VatTypeFields,
  },
};

/** The kind of a settings route (`/settings/vat-types` -> `vat-types`), if it is a simple list. */
export function dictionaryOfPath(path: string): DictionaryConfig | undefined {
  const slug = path.replace(/^\/settings\//, '');
  return (DICTIONARY_CONFIGS as Record<string, DictionaryConfig>)[slug];
}
