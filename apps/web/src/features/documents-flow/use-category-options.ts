import type { LocalizedText } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import type { ValueOption } from '../../components/fields/option-select-field.tsx';
import type { DictionaryItem } from '../../lib/metadata.ts';
import { useMetadata } from '../../lib/metadata.ts';
import { localized } from '../../lib/labels.ts';
import { treeOptions } from '../../lib/tree-options.ts';

/**
 * The active document-flow categories as a tree (children indented under their parent). A document's
 * own category that is no longer active is offered too, so the document shows it.
 */
export function useCategoryOptions(current: { _id: string; name: LocalizedText | null } | null = null): { options: ValueOption[]; loading: boolean } {
  const { i18n } = useTranslation();
  const categories = useMetadata<DictionaryItem[]>('getDocumentFlowCategories');
  const options: ValueOption[] = treeOptions(categories.data ?? [], i18n.language);
  if (current && categories.data && !options.some((option) => option.value === current._id)) {
    options.push({ value: current._id, label: localized(current.name, i18n.language), depth: 0 });
  }
  return { options, loading: categories.isPending };
}
