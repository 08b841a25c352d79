/**
 * The first-run checklist: what a new installation needs before its first invoice, in the order the
 * administrator does it. `GET /api/settings/setupStatus` answers each item's state.
 */
export const SETUP_ITEMS = ['myCompany', 'banks', 'invoiceDefaults', 'registers', 'users'] as const;
export type SetupItemKey = (typeof SETUP_ITEMS)[number];

export interface SetupItem {
  key: SetupItemKey;
  done: boolean;
  /**
   * The parts still missing of an item made of parts: the currencies of the own company's default accounts
   * (`BGN`, `EUR`), the registers not yet set or used (`invoice`, `proforma`). Empty when done.
   */
  missing: string[];
}

export interface SetupStatus {
  /** Every item is done: the checklist is no longer shown. */
  complete: boolean;
  items: SetupItem[];
}
