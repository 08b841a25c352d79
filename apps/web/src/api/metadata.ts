import type { LocalizedText, VatCategory, VatExemptionCode } from '@kantora/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** Query key of a metaData look-up, shared by every area. */
export const metadataKey = (call: string) => ['metaData', call] as const;

/** Query keys of the look-ups: `all` drops every one of them (after a save that changes a list they offer). */
export const metadataKeys = {
  all: ['metaData'] as const,
  one: metadataKey,
};

/** The calls of /api/metaData (the look-ups the pickers and filters read). */
export const metadataApi = {
  get: <T>(call: string) => api.get<T>(`/metaData/${call}`),
};

/** The look-ups as TanStack query options, cached for a minute. */
export const metadataQueries = {
  lookup: <T>(call: string) =>
    queryOptions({ queryKey: metadataKey(call), queryFn: () => metadataApi.get<T>(call), staleTime: 60_000 }),
};

/** A look-up of GET /api/metaData/{call}, cached for a minute. */
export function useMetadata<T>(call: string, enabled = true) {
  return useQuery({ ...metadataQueries.lookup<T>(call), enabled });
}

/** A VAT type of GET /api/metaData/getVATTypes (the active ones) and getAllVATTypes (every one). */
export interface VatTypeOption {
  _id: string;
  name: LocalizedText;
  status: boolean;
  percentage: number | string;
  /** Why VAT is not charged, as printed (empty for the rated types). */
  exemptionReason?: LocalizedText;
  /** The EN 16931 VAT category (S standard rate, AE reverse charge, E exempt, …). */
  category: VatCategory;
  /** The VATEX exemption reason code, or null. */
  exemptionCode: VatExemptionCode | null;
}
