/** One line of the comparison of a log entry's old and new documents. */
export interface DiffRow {
  /** Dotted path of the value, e.g. `name.bg`, `address.city.it`, `signers.0`. */
  path: string;
  /** The value as text; undefined when the document has no such value. */
  old?: string;
  new?: string;
  change: 'added' | 'removed' | 'changed' | 'same';
}

function asText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * A document as path -> text: nested objects and lists are walked (`a.b`, `list.0`); an empty object
 * or list stays one value (`{}`, `[]`). A missing document (null: created or deleted) is empty.
 */
export function flattenDocument(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value === undefined || (value === null && prefix === '')) return out;
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    if (entries.length === 0) {
      if (prefix) out.set(prefix, Array.isArray(value) ? '[]' : '{}');
      return out;
    }
    for (const [key, item] of entries) flattenDocument(item, prefix ? `${prefix}.${key}` : key, out);
    return out;
  }
  out.set(prefix || '(value)', asText(value));
  return out;
}

/**
 * The old and new documents side by side, in the new document's order with values only the old
 * one has next to their old neighbours. Each row says whether the value was added, removed,
 * changed or kept.
 */
export function diffDocuments(oldDocument: unknown, newDocument: unknown): DiffRow[] {
  const before = flattenDocument(oldDocument);
  const after = flattenDocument(newDocument);
  // The new document's order; a value only the old one has goes after its old neighbour.
  const paths = [...after.keys()];
  let anchor = -1;
  for (const path of before.keys()) {
    const at = paths.indexOf(path);
    if (at >= 0) anchor = at;
    else paths.splice(++anchor, 0, path);
  }
  return paths.map((path) => {
    const old = before.get(path);
    const next = after.get(path);
    let change: DiffRow['change'] = 'same';
    if (old === undefined) change = 'added';
    else if (next === undefined) change = 'removed';
    else if (old !== next) change = 'changed';
    return { path, old, new: next, change };
  });
}

/** How many rows differ. */
export const changedCount = (rows: readonly DiffRow[]) => rows.filter((row) => row.change !== 'same').length;
