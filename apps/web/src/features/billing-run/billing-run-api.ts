import { BILLING_RUN_API, type BillingRunInput, type BillingRunPreview, type BillingRunResult } from '@kantora/domain';
import { api } from '../../lib/api-client.ts';

const base = BILLING_RUN_API.replace(/^\/api/, '');

export const billingRunKeys = {
  preview: (month: string) => ['billing-run', 'preview', month] as const,
};

/** POST /api/billing-run/preview and /run (packages/domain/src/billing-run.schemas.ts). */
export const billingRunApi = {
  preview: (month: string) => api.post<BillingRunPreview>(`${base}/preview`, { month }),
  run: (input: BillingRunInput) => api.post<BillingRunResult>(`${base}/run`, input),
};
