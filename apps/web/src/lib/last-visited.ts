import { LAST_VISITED_LIMIT } from '@kantora/domain';

/** One remembered page: its path and the i18n key of its route title (namespace `routes`). */
export interface VisitedRoute {
  path: string;
  title: string;
}

const STORAGE_PREFIX = 'kantora_last_visited';

/** Kept per user, so a shared browser does not show one user's pages to another. */
function storageKey(userId: string): string {
  return `${STORAGE_PREFIX}:${userId}`;
}

export function readLastVisited(userId: string): VisitedRoute[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is VisitedRoute => typeof entry?.path === 'string' && typeof entry?.title === 'string')
      .slice(0, LAST_VISITED_LIMIT);
  } catch {
    return [];
  }
}

/** Puts the page first, drops an older entry of the same path, keeps at most LAST_VISITED_LIMIT. */
export function recordVisit(userId: string, entry: VisitedRoute): VisitedRoute[] {
  const next = [entry, ...readLastVisited(userId).filter((item) => item.path !== entry.path)].slice(0, LAST_VISITED_LIMIT);
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list simply is not kept.
  }
  return next;
}
