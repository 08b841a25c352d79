import {
  BILLING_RUN_API,
  type BillingRunPreview,
  type BillingRunResult,
  type billingRunPreviewQuery,
  type billingRunSchema,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/billing-run/run. */
export type BillingRunRequest = z.input<typeof billingRunSchema>;

const base = BILLING_RUN_API.replace(/^\/api/, '');

/** Query keys of the billing run: everything starts with `billing-run`. */
export const billingRunKeys = {
  all: ['billing-run'] as const,
  preview: (month: string) => ['billing-run', 'preview', month] as const,
};

/** POST /api/billing-run/preview and /run (packages/domain/src/billing-run.schemas.ts). */
export const billingRunApi = {
  preview: (month: string) =>
    api.post<BillingRunPreview>(`${base}/preview`, { month } satisfies z.input<typeof billingRunPreviewQuery>),
  run: (input: BillingRunRequest) => api.post<BillingRunResult>(`${base}/run`, input),
};

/** The reads of the billing run as TanStack query options. */
export const billingRunQueries = {
  preview: (month: string) =>
    queryOptions({ queryKey: billingRunKeys.preview(month), queryFn: () => billingRunApi.preview(month) }),
};
