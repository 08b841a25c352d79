import { LAST_VISITED_LIMIT, type LocalizedText } from '@kantora/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSessionUser } from './session.ts';

/**
 * One remembered page: its path, the i18n key of its route title (namespace `routes`) and, for a page of one record,
 * the record's name as the page gave it (an invoice's number, a client's name), so the list reads
 * "Фактура: 0000000042" and not "/invoices/57".
 */
export interface VisitedRoute {
  path: string;
  title: string;
  name?: LocalizedText;
}

const STORAGE_PREFIX = 'kantora_last_visited';
/** Sent on `window` when a page names its record (the shell reads the list again). */
export const VISITS_CHANGED = 'kantora:last-visited';

/** Kept per user, so a shared browser does not show one user's pages to another. */
function storageKey(userId: string): string {
  return `${STORAGE_PREFIX}:${userId}`;
}

const isName = (value: unknown): value is LocalizedText =>
  Boolean(value) &&
  typeof value === 'object' &&
  typeof (value as LocalizedText).bg === 'string' &&
  typeof (value as LocalizedText).it === 'string';

export function readLastVisited(userId: string): VisitedRoute[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is VisitedRoute => typeof entry?.path === 'string' && typeof entry?.title === 'string')
      .map((entry) =>
        isName(entry.name)
          ? { path: entry.path, title: entry.title, name: { bg: entry.name.bg, it: entry.name.it } }
          : { path: entry.path, title: entry.title },
      )
      .slice(0, LAST_VISITED_LIMIT);
  } catch {
    return [];
  }
}

function store(userId: string, list: VisitedRoute[]): void {
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(list));
  } catch {
    // Storage full or disabled: the list simply is not kept.
  }
}

/**
 * Puts the page first, drops an older entry of the same path, keeps at most LAST_VISITED_LIMIT. A page visited again
 * keeps the name it had until the page names its record again.
 */
export function recordVisit(userId: string, entry: VisitedRoute): VisitedRoute[] {
  const old = readLastVisited(userId);
  const known = old.find((item) => item.path === entry.path && item.title === entry.title)?.name;
  const next = [
    { ...entry, ...(entry.name ? {} : known ? { name: known } : {}) },
    ...old.filter((item) => item.path !== entry.path),
  ].slice(0, LAST_VISITED_LIMIT);
  store(userId, next);
  return next;
}

/** Gives the remembered page of `path` its record's name (nothing when the page is not in the list). */
export function nameVisit(userId: string, path: string, name: LocalizedText): void {
  const list = readLastVisited(userId);
  const entry = list.find((item) => item.path === path);
  if (!entry || (entry.name?.bg === name.bg && entry.name?.it === name.it)) return;
  store(
    userId,
    list.map((item) => (item.path === path ? { ...item, name: { bg: name.bg, it: name.it } } : item)),
  );
  window.dispatchEvent(new Event(VISITS_CHANGED));
}

/**
 * A page of one record names it in the last visited list once it is loaded (a string for a name that is the same in
 * both languages, such as a document's number). Empty names are ignored.
 */
export function useVisitName(name: LocalizedText | string | null | undefined): void {
  const { pathname } = useLocation();
  const user = useSessionUser();
  const bg = typeof name === 'string' ? name : (name?.bg ?? '');
  const it = typeof name === 'string' ? name : (name?.it ?? '');
  const userId = user?.id;
  useEffect(() => {
    if (!userId || (!bg.trim() && !it.trim())) return;
    // After the shell's own record of the visit (its effect runs after the page's).
    const timer = setTimeout(
      () => nameVisit(userId, pathname, { bg: bg.trim() || it.trim(), it: it.trim() || bg.trim() }),
      0,
    );
    return () => clearTimeout(timer);
  }, [userId, pathname, bg, it]);
}
