import type { AgingBucket } from '@kantora/domain';

/** What the overdue list is filtered by; the route's query holds it (/receivables/overdue?bucket=d31_60&currency=EUR). */
export interface OverdueLinkFilter {
  clientId?: string;
  bucket?: AgingBucket;
  currency?: string;
}

export const OVERDUE_PATH = '/receivables/overdue';

/** The overdue list's route with the filter in its query. */
export function overdueHref(filter: OverdueLinkFilter = {}): string {
  const params = new URLSearchParams();
  if (filter.clientId) params.set('clientId', filter.clientId);
  if (filter.bucket) params.set('bucket', filter.bucket);
  if (filter.currency) params.set('currency', filter.currency);
  const query = params.toString();
  return query ? `${OVERDUE_PATH}?${query}` : OVERDUE_PATH;
}
