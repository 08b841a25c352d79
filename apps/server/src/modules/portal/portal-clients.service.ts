import type { ListResult, PortalCompanyListQuery, PortalCompanyRow, PortalCompanyView } from '@kantora/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, officeContacts, offices } from '../../db/schema/index.ts';
import { localizedSort, offsetOf, orderBy } from '../../http/paging.ts';
import { clientNotFound, nameContains, clientListColumns } from '../clients/index.ts';
import type { Actor } from '../../http/actor.ts';
import { myCompanies } from './portal-scope.ts';
import { portalOffice } from './portal.views.ts';

const SORT_COLUMNS = {
  ...localizedSort('name', companies.name),
  bulstat: companies.bulstat,
  vatNumber: companies.vatNumber,
};

/** /api/my-companies: the user's companies and one company's page (its offices with their contact persons). */
export class PortalClientsService {
  constructor(private readonly db: Db) {}

  async list(actor: Actor, query: PortalCompanyListQuery): Promise<ListResult<PortalCompanyRow>> {
    const where = and(myCompanies(actor), query.name ? nameContains(query.name) : undefined);
    const [rows, [{ n }]] = await Promise.all([
      this.db
        .select(clientListColumns)
        .from(companies)
        .where(where)
        .orderBy(...orderBy(query, SORT_COLUMNS, { by: 'name', desc: false }, companies.id))
        .limit(query.itemsPerPage)
        .offset(offsetOf(query)),
      this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(companies).where(where),
    ]);
    return { Items: rows, Total: n, Page: query.page };
  }

  /** The company (404 `the_client_was_not_found` unless it lists the user), its offices (headquarters first) and contacts. */
  async get(actor: Actor, id: string): Promise<PortalCompanyView> {
    const [company] = await this.db
      .select({ ...clientListColumns, responsiblePerson: companies.responsiblePerson })
      .from(companies)
      .where(and(eq(companies.id, id), myCompanies(actor)));
    if (!company) throw clientNotFound();
    const officeRows = await this.db
      .select()
      .from(offices)
      .where(eq(offices.companyId, id))
      .orderBy(desc(offices.isHeadquarters), asc(offices.created), asc(offices.id));
    const contactRows =
      officeRows.length > 0
        ? await this.db
            .select()
            .from(officeContacts)
            .where(
              inArray(
                officeContacts.officeId,
                officeRows.map((office) => office.id),
              ),
            )
            .orderBy(asc(officeContacts.created), asc(officeContacts.id))
        : [];
    return {
      ...company,
      offices: officeRows.map((office) =>
        portalOffice(
          office,
          contactRows.filter((contact) => contact.officeId === office.id),
        ),
      ),
    };
  }
}
