import { localized } from './labels.ts';
import { intlTag } from './locale.ts';

/** An entry of a tree kept by parent id (document-flow categories). */
export interface TreeEntry {
  _id: string;
  name: unknown;
  parent?: unknown;
}

export interface TreeOption {
  value: string;
  label: string;
  /** 0 for a top entry, 1 for its children, ... */
  depth: number;
}

/**
 * The entries as select options in tree order: each parent followed by its children (by name in the
 * locale), with their depth for indenting. An entry whose parent is not among them (an inactive
 * parent) stands at the top; a loop in the data never repeats an entry.
 */
export function treeOptions(items: readonly TreeEntry[], locale: string): TreeOption[] {
  const ids = new Set(items.map((item) => item._id));
  const parentOf = (item: TreeEntry) =>
    typeof item.parent === 'string' && ids.has(item.parent) && item.parent !== item._id ? item.parent : null;
  const collator = new Intl.Collator(intlTag(locale));
  const byName = (a: TreeEntry, b: TreeEntry) => collator.compare(localized(a.name, locale), localized(b.name, locale));
  const children = new Map<string | null, TreeEntry[]>();
  for (const item of items) {
    const parent = parentOf(item);
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const out: TreeOption[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const item of [...(children.get(parent) ?? [])].sort(byName)) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      out.push({ value: item._id, label: localized(item.name, locale), depth });
      walk(item._id, depth + 1);
    }
  };
  walk(null, 0);
  // Entries only reachable through a loop: at the top, so none is lost.
  for (const item of [...items].sort(byName)) {
    if (seen.has(item._id)) continue;
    seen.add(item._id);
    out.push({ value: item._id, label: localized(item.name, locale), depth: 0 });
    walk(item._id, 1);
  }
  return out;
}
