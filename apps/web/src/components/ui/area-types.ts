import type { ContractView, PortalCompanyView, PortalContractView, WebRoute } from '@kantora/domain';

/**
 * Props of the pluggable pages, kept apart from the registries that list them (app/areas.ts,
 * features/clients/client-tabs.ts, features/contracts/contract-tabs.ts, features/portal/portal-tabs.ts), so a registry imports its pages
 * and the pages import only this file.
 */

/** What an area module's default export receives: the matched route of the permission matrix. */
export interface AreaPageProps {
  route: Pick<WebRoute, 'path' | 'title' | 'area'>;
}

/** What a tab of the client page receives (any area may add one: contracts, timesheets, invoices, …). */
export interface ClientTabProps {
  clientId: string;
  /** Management may change what the tab shows. */
  canWrite: boolean;
}

/** What a tab of the contract page receives (details, services, documents; billing adds invoices and proformas). */
export interface ContractTabProps {
  /**
   * The saved contract with its status and the user's rights on it (`contract.rights`). Null only on
   * /contracts/create, where the registry's `newContract` tabs (the details) alone show.
   */
  contract: ContractView | null;
}

/** What a tab of the portal's company page receives (/my-companies/{id}; the document flow adds its tab). */
export interface PortalCompanyTabProps {
  company: PortalCompanyView;
}

/** What a tab of the portal's contract page receives (/my-contracts/{id}). */
export interface PortalContractTabProps {
  contract: PortalContractView;
}
