import type { MessageKey } from '@kantora/domain';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PortalRecordOptions<T, K extends QueryKey> {
  /** The read of the object of an id (the portal's query options, api/portal.ts). */
  query: (id: string) => UseQueryOptions<T, Error, T, K>;
  id: string | undefined;
  /** Where a miss returns to (the matching list). */
  listPath: string;
  /** The not-found message of this kind of object. */
  notFound: MessageKey;
}

/**
 * One object of the portal by the route's id. An unknown id, another company's object or a draft answers 404 (the
 * API client shows the server's not-found message); the page then returns to its list (docs/architecture.md, "Dates, formats and the web's behaviour"). An id that cannot
 * be one (not a UUID) is never sent: the same message shows and the page returns at once.
 */
export function usePortalRecord<T, K extends QueryKey>({
  query: read,
  id,
  listPath,
  notFound,
}: PortalRecordOptions<T, K>) {
  const navigate = useNavigate();
  const valid = Boolean(id && UUID.test(id));
  // Read fresh on every opening: staff may have changed it (a payment, a new document) since.
  const query = useQuery({ ...read(id ?? ''), enabled: valid, retry: false, gcTime: 0 });
  const missing = !valid || (query.error instanceof ApiError && [400, 403, 404].includes(query.error.status));
  useEffect(() => {
    if (!missing) return;
    if (!valid) notify.error(notFound);
    navigate(listPath, { replace: true });
  }, [missing, valid, notFound, listPath, navigate]);
  return { data: query.data, pending: valid && query.isPending, failed: query.isError && !missing, missing };
}
