/**
 * Hash-route helpers usable outside React (the API client redirects on 401). The router
 * (createHashRouter) listens to hash changes, so setting the hash navigates.
 */

/** The current app path with its query, e.g. `/clients?page=2` (from `#/clients?page=2`). */
export function currentAppPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : '/';
}

export function navigateTo(path: string): void {
  window.location.hash = path;
}

/** `/login?redirect=<path>` plus extra query values, e.g. `notify`. */
export function loginPath(redirect?: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (redirect && redirect !== '/' && !redirect.startsWith('/login')) params.set('redirect', redirect);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** Reloads the page (after a language switch). */
export function reloadPage(): void {
  window.location.reload();
}
