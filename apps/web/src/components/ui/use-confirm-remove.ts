import type { QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidate } from '../../lib/metadata.ts';
import { useConfirm } from './confirm-dialog.tsx';

export interface ConfirmRemoveOptions {
  /** Message key (or translated text) of the question. */
  messageKey: string;
  /** Label of the destructive button; default "Delete". */
  confirmLabel?: string;
  /** The call that removes the row. When it fails the API client has already said why. */
  remove: () => Promise<unknown>;
  /** Query keys whose cached answers are dropped after the call. */
  invalidate: readonly QueryKey[];
  /**
   * `always` (default): the keys are dropped after the call whether it worked or not, so the list shows what the
   * server holds now; `success`: only after it worked.
   */
  refresh?: 'always' | 'success';
}

/** What became of a confirmed removal: not asked for, done, or refused by the server. */
export type RemoveOutcome = 'cancelled' | 'removed' | 'failed';

/**
 * A list's delete button: asks the destructive question of the shared confirmation dialog, calls `remove`, and
 * drops the given query keys. The caller passes its entity's call and keys (this floor knows no API).
 */
export function useConfirmRemove(): (options: ConfirmRemoveOptions) => Promise<RemoveOutcome> {
  const confirm = useConfirm();
  const invalidate = useInvalidate();
  const { t } = useTranslation();
  return useCallback(
    async ({ messageKey, confirmLabel, remove, invalidate: keys, refresh = 'always' }) => {
      const sure = await confirm({
        messageKey,
        destructive: true,
        confirmLabel: confirmLabel ?? t('common:actions.delete'),
      });
      if (!sure) return 'cancelled';
      let outcome: RemoveOutcome = 'removed';
      try {
        await remove();
      } catch {
        outcome = 'failed';
      }
      if (outcome === 'removed' || refresh === 'always') invalidate(...keys);
      return outcome;
    },
    [confirm, invalidate, t],
  );
}
