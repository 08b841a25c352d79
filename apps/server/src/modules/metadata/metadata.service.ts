import { seesPrices } from '@kantora/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { currencies, paymentTypes, users, vatTypes } from '../../db/schema/index.ts';
import type { BanksService } from '../banks/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { DictionaryItem, DictionaryService, InvoiceSettingsService, MyCompanyService } from '../settings/index.ts';
import { userOptionColumns } from '../users/index.ts';

/** Look-ups for the staff screens' pickers and cards. */
export class MetadataService {
  constructor(
    private readonly db: Db,
    private readonly services: {
      myCompany: MyCompanyService;
      invoices: InvoiceSettingsService;
      dictionaries: DictionaryService;
      banks: BanksService;
    },
  ) {}

  /** The own company with its active banks, or null before its first save. */
  async myCompany() {
    const company = await this.services.myCompany.get();
    if (!company) return null;
    return { ...company, banks: await this.services.banks.activeOf('my_company', company._id) };
  }

  /**
   * GET /api/metaData/getServices: the active services. Employees get them without `price`: the catalog prices are
   * what a contract's service rows copy, and prices are not theirs to see (seesPrices in roles.ts).
   */
  async serviceOptions(actor: Pick<Actor, 'access'>): Promise<DictionaryItem[]> {
    const items = await this.services.dictionaries.options('services');
    if (seesPrices(actor.access)) return items;
    return items.map(({ price: _price, ...item }) => item as DictionaryItem);
  }

  /**
   * GET /api/metaData/getVATTypes and getAllVATTypes: the VAT types (active, or all) with their EN 16931 category and
   * VATEX exemption code, so the invoice editor can find the reverse-charge type (category AE) to propose.
   */
  async vatTypeOptions(includeInactive: boolean): Promise<DictionaryItem[]> {
    const items = await this.services.dictionaries.options('vat-types', includeInactive);
    if (items.length === 0) return items;
    const codes = await this.db
      .select({ id: vatTypes.id, category: vatTypes.category, exemptionCode: vatTypes.exemptionCode })
      .from(vatTypes)
      .where(
        inArray(
          vatTypes.id,
          items.map((item) => item._id),
        ),
      );
    const byId = new Map(codes.map((row) => [row.id, row]));
    return items.map((item) => ({
      ...item,
      category: byId.get(item._id)?.category ?? 'S',
      exemptionCode: byId.get(item._id)?.exemptionCode ?? null,
    }));
  }

  /** The invoice defaults with what an editor needs of each (rate, percentage, names), or null before their first save. */
  async invoiceDefaults() {
    const settings = await this.services.invoices.row();
    if (!settings) return null;
    const [currency] = await this.db
      .select({
        _id: currencies.id,
        name: currencies.name,
        code: currencies.code,
        exchangeRate: currencies.exchangeRate,
      })
      .from(currencies)
      .where(eq(currencies.id, settings.currencyId));
    const [vatType] = await this.db
      .select({
        _id: vatTypes.id,
        name: vatTypes.name,
        percentage: vatTypes.percentage,
        exemptionReason: vatTypes.exemptionReason,
      })
      .from(vatTypes)
      .where(eq(vatTypes.id, settings.vatTypeId));
    const [paymentType] = await this.db
      .select({ _id: paymentTypes.id, name: paymentTypes.name })
      .from(paymentTypes)
      .where(eq(paymentTypes.id, settings.paymentTypeId));
    const people = await this.db
      .select(userOptionColumns)
      .from(users)
      .where(inArray(users.id, [settings.signerId, ...settings.signers]));
    const byId = new Map(people.map((p) => [p._id, p]));
    return {
      _id: settings.id,
      currency: currency ?? null,
      vatType: vatType ?? null,
      paymentType: paymentType ?? null,
      signer: byId.get(settings.signerId) ?? null,
      signers: settings.signers.map((id) => byId.get(id)).filter(Boolean),
      paymentTermDays: settings.paymentTermDays,
    };
  }
}
