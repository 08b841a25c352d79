import type { SetupItemKey } from '@kantora/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { banksKeys } from '../../../api/banks.ts';
import { metadataKeys } from '../../../api/metadata.ts';
import { settingsKeys, settingsQueries } from '../../../api/settings.ts';

export const SETUP_PATH = '/settings/setup';
export const setupStatusKey = settingsKeys.setupStatus;

/** The screen that completes each item of the first-run checklist. */
export const SETUP_ITEM_PATHS: Record<SetupItemKey, string> = {
  myCompany: '/settings/my-company',
  // The banks are a card of the own company's page.
  banks: '/settings/my-company',
  invoiceDefaults: '/settings/invoices',
  registers: '/settings/invoices',
  users: '/settings/users/create',
};

/** Query keys whose saves can complete an item: the settings pages, the own company's banks, the look-ups they refresh. */
const RELATED = new Set<unknown>([settingsKeys.myCompany[0], banksKeys.banks('')[0], metadataKeys.all[0]]);
const isStatusKey = (key: readonly unknown[]) =>
  key.length === setupStatusKey.length && key.every((part, index) => part === setupStatusKey[index]);

/**
 * The checklist's state (administrator only). Quiet: it is a hint, so a failed call shows no toast. Read again on
 * every mount, and, while `follow` is set, whenever a settings page's data is read or set again after a save (the
 * pages refresh their own queries; the checklist follows them without each page knowing about it).
 */
export function useSetupStatus(enabled: boolean, follow = false) {
  const client = useQueryClient();
  const query = useQuery({
    ...settingsQueries.setupStatus(),
    enabled,
    staleTime: 0,
  });
  useEffect(() => {
    if (!enabled || !follow) return;
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const key = event.query.queryKey;
      if (isStatusKey(key) || !RELATED.has(String(key[0]))) return;
      void client.invalidateQueries({ queryKey: setupStatusKey, exact: true });
    });
  }, [client, enabled, follow]);
  return query;
}
