import { api } from '../lib/api-client.ts';

/** The calls of /api/error. */
export const errorsApi = {
  /** Logs a web path that matched no route (quiet: the 404 page shows either way). */
  reportNotFound: (path: string) =>
    api.get<unknown>(`/error/notFound?path=${encodeURIComponent(path)}`, { quiet: true }),
};
