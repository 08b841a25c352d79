import type { LocalizedText } from '@kantora/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ValueOption } from '../../components/ui/fields/option-select-field.tsx';
import { localized } from '../../lib/labels.ts';
import { treeOptions } from '../../lib/tree-options.ts';
import type { DocumentsFlowApi } from '../../api/documents-flow.ts';

/**
 * The active document-flow categories (through the API's own call) as a tree (children indented under their parent). A document's
 * own category that is no longer active is offered too, so the document shows it.
 */
export function useCategoryOptions(
  api: DocumentsFlowApi,
  current: { _id: string; name: LocalizedText | null } | null = null,
): { options: ValueOption[]; loading: boolean } {
  const { i18n } = useTranslation();
  const categories = useQuery({ queryKey: api.categories.queryKey, queryFn: api.categories.fetch, staleTime: 60_000 });
  const options: ValueOption[] = treeOptions(categories.data ?? [], i18n.language);
  if (current && categories.data && !options.some((option) => option.value === current._id)) {
    options.push({ value: current._id, label: localized(current.name, i18n.language), depth: 0 });
  }
  return { options, loading: categories.isPending };
}
