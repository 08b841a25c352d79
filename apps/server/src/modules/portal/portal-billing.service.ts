import {
  type BillingDocumentView,
  type BillingKind,
  type ListQuery,
  type ListResult,
  type Locale,
  type PortalBillingRow,
  type PortalBillingView,
  type PrintLayoutName,
  printLayoutsFor,
} from '@kantora/domain';
import type { Db } from '../../db/client.ts';
import { documentNotFound, printDocument } from '../billing/index.ts';
import type { BillingItemsService, BillingService } from '../billing/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { PortalContractsService } from './portal-contracts.service.ts';
import { assertMyCompany } from './portal-scope.ts';
import { portalBillingRow, portalBillingView } from './portal.views.ts';

/** The portal's default order: date descending, then the number. */
const BY_DATE = { sortBy: ['date', 'number'], sortDesc: [true, true] };

/**
 * /api/my-invoices and /api/my-proforma-invoices (and the company and contract tabs): the billing module's list,
 * document, rows and print, for the issued documents of the user's companies only. The billing module's own rule
 * (whoever sees the customer) keeps other companies' documents out; a draft answers the kind's not-found here.
 */
export class PortalBillingService {
  constructor(
    private readonly db: Db,
    private readonly billing: { documents: BillingService; items: BillingItemsService },
    private readonly contracts: PortalContractsService,
  ) {}

  async list(
    kind: BillingKind,
    actor: Actor,
    query: ListQuery & { companyId?: string; contract?: string },
  ): Promise<ListResult<PortalBillingRow>> {
    if (query.companyId) await assertMyCompany(this.db, actor, query.companyId);
    if (query.contract) await this.contracts.find(this.db, actor, query.contract);
    const sort = query.sortBy.length > 0 ? { sortBy: query.sortBy, sortDesc: query.sortDesc } : BY_DATE;
    const page = await this.billing.documents.list(kind, actor, {
      page: query.page,
      itemsPerPage: query.itemsPerPage,
      ...sort,
      issued: true,
      number: undefined,
      customerId: query.companyId,
      contract: query.contract,
    });
    return { ...page, Items: page.Items.map(portalBillingRow) };
  }

  /** An issued document of the user's companies (404 of the kind otherwise, a draft too). */
  private async issued(kind: BillingKind, actor: Actor, id: string): Promise<BillingDocumentView> {
    const view = await this.billing.documents.get(kind, actor, id);
    if (!view.issued) throw documentNotFound(kind);
    return view;
  }

  async get(kind: BillingKind, actor: Actor, id: string): Promise<PortalBillingView> {
    const view = await this.issued(kind, actor, id);
    const [items, contractShown] = await Promise.all([
      this.billing.items.list(kind, actor, id),
      view.contract ? this.contracts.isShown(actor, view.contract) : false,
    ]);
    return portalBillingView(view, items, printLayoutsFor(view), contractShown);
  }

  /** The PDF in one of the document's layouts (the printing module, as staff print it). */
  async print(kind: BillingKind, actor: Actor, id: string, query: { layout?: PrintLayoutName; lang: Locale }) {
    await this.issued(kind, actor, id);
    return printDocument(this.db, kind, actor, id, query);
  }
}
