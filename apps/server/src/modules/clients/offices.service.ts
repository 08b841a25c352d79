import type {
  ListResult,
  NewClientOfficeInput,
  OfficeContactInput,
  OfficeContactSaveInput,
  OfficeListQuery,
  OfficeSaveInput,
} from '@kantora/domain';
import { countryCodeFrom, MessageKeys as M } from '@kantora/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { lockName } from '../../db/sql-helpers.ts';
import { companies, officeContacts, offices } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { localizedSort, offsetOf, orderBy, pageOf, totalCount } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { assertClientVisible } from './access.ts';
import { type ContactRow, contactDto, type OfficeDto, type OfficeRow, officeDto } from './views.ts';
import { logChange, type LogSubject } from '../logs/index.ts';

const OFFICE_LOG: LogSubject = { name: 'Office', model: 'offices' };
const OFFICE_CONTACT_LOG: LogSubject = { name: 'Office', model: 'office_contacts' };

type OfficeValues = Omit<OfficeSaveInput, '_id' | 'company' | 'contacts'>;

/** Offices of client companies and their contact persons. Reads follow the client's visibility; writes are management's (route permission). */
export class OfficesService {
  constructor(private readonly db: Db) {}

  async list(actor: Actor, query: OfficeListQuery): Promise<ListResult<OfficeDto>> {
    await assertClientVisible(this.db, actor, query.company);
    const where = eq(offices.companyId, query.company);
    const sort = orderBy(
      query,
      {
        created: offices.created,
        isHeadquarters: offices.isHeadquarters,
        ...localizedSort('country', offices.country),
        ...localizedSort('city', offices.city),
        ...localizedSort('street', offices.street),
        zipCode: offices.zipCode,
        phone: offices.phone,
        email: offices.email,
      },
      { by: 'created', desc: false },
      offices.id,
    );
    const rows = await this.db
      .select({ office: offices, total: totalCount })
      .from(offices)
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query));
    return pageOf(
      rows.map((row) => ({ ...row.office, total: row.total })),
      query,
      (row) => officeDto(row),
      async () => (await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(offices).where(where))[0].n,
    );
  }

  /** The office (any role that sees its client), or 404. */
  private async visibleOffice(actor: Actor, id: string): Promise<OfficeRow> {
    const [row] = await this.db.select().from(offices).where(eq(offices.id, id));
    if (!row) throw notFound();
    await assertClientVisible(this.db, actor, row.companyId);
    return row;
  }

  private contactsOf(executor: Executor, officeId: string): Promise<ContactRow[]> {
    return executor
      .select()
      .from(officeContacts)
      .where(eq(officeContacts.officeId, officeId))
      .orderBy(asc(officeContacts.created), asc(officeContacts.id));
  }

  async get(actor: Actor, id: string): Promise<OfficeDto> {
    const office = await this.visibleOffice(actor, id);
    return officeDto(office, await this.contactsOf(this.db, id));
  }

  async contacts(actor: Actor, officeId: string) {
    await this.visibleOffice(actor, officeId);
    return (await this.contactsOf(this.db, officeId)).map(contactDto);
  }

  /** Inserts an office (with its contacts) of a client inside the caller's transaction, with its Log row. */
  async insert(
    tx: Executor,
    actor: Actor,
    companyId: string,
    input: OfficeValues & { contacts: OfficeContactInput[] },
  ): Promise<OfficeDto> {
    if (input.isHeadquarters) await this.clearHeadquarters(tx, actor, companyId, undefined);
    const countryCode = await officeCountryCode(tx, companyId, input, null);
    const [row] = await tx
      .insert(offices)
      .values({ ...officeValues(input), countryCode, companyId, createdBy: actor.id })
      .returning();
    const contacts =
      input.contacts.length > 0
        ? await tx
            .insert(officeContacts)
            .values(input.contacts.map((c) => ({ ...contactValues(c), officeId: row.id, createdBy: actor.id })))
            .returning()
        : [];
    const saved = officeDto(row, contacts);
    await logChange(tx, OFFICE_LOG, { doc: row.id, action: 'save', old: null, new: saved, actor });
    return saved;
  }

  /** The first office of a new client: always its headquarters. */
  insertHeadquarters(tx: Executor, actor: Actor, companyId: string, input: NewClientOfficeInput): Promise<OfficeDto> {
    return this.insert(tx, actor, companyId, { ...input, isHeadquarters: true });
  }

  /** Creates an office (with `contacts`) or updates one (its contacts are left alone: they have their own calls). */
  async save(actor: Actor, input: OfficeSaveInput): Promise<OfficeDto> {
    return this.db.transaction(async (tx) => {
      await assertClientVisible(tx, actor, input.company);
      // One save per client at a time: the headquarters flag is decided across its offices.
      await lockName(tx, `offices:${input.company}`);
      // A client's first office is its headquarters (the web saves the client, then its office with the new id).
      if (!input._id)
        return this.insert(tx, actor, input.company, {
          ...input,
          isHeadquarters: input.isHeadquarters || !(await this.hasOffices(tx, input.company)),
        });
      const [old] = await tx.select().from(offices).where(eq(offices.id, input._id)).for('update');
      if (!old) throw notFound();
      if (old.companyId !== input.company) throw fieldError('company', M.invalid_value);
      if (input.isHeadquarters && !old.isHeadquarters) await this.clearHeadquarters(tx, actor, old.companyId, old.id);
      const countryCode = await officeCountryCode(tx, old.companyId, input, old.countryCode);
      const [row] = await tx
        .update(offices)
        .set({ ...officeValues(input), countryCode, updated: sql`now()` })
        .where(eq(offices.id, old.id))
        .returning();
      const contacts = await this.contactsOf(tx, old.id);
      const saved = officeDto(row, contacts);
      await logChange(tx, OFFICE_LOG, {
        doc: row.id,
        action: 'save',
        old: officeDto(old, contacts),
        new: saved,
        actor,
      });
      return saved;
    });
  }

  private async hasOffices(tx: Executor, companyId: string): Promise<boolean> {
    const [row] = await tx.select({ id: offices.id }).from(offices).where(eq(offices.companyId, companyId)).limit(1);
    return Boolean(row);
  }

  /** A client has one headquarters: a new one takes the flag off the other, with its own Log row. */
  private async clearHeadquarters(tx: Executor, actor: Actor, companyId: string, exceptId: string | undefined) {
    const previous = await tx
      .select()
      .from(offices)
      .where(
        and(
          eq(offices.companyId, companyId),
          eq(offices.isHeadquarters, true),
          exceptId ? ne(offices.id, exceptId) : undefined,
        ),
      );
    for (const office of previous) {
      const [row] = await tx
        .update(offices)
        .set({ isHeadquarters: false, updated: sql`now()` })
        .where(eq(offices.id, office.id))
        .returning();
      await logChange(tx, OFFICE_LOG, {
        doc: office.id,
        action: 'clearHeadquarters',
        old: officeDto(office),
        new: officeDto(row),
        actor,
      });
    }
  }

  async remove(actor: Actor, officeId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(offices).where(eq(offices.id, officeId)).for('update');
      if (!old) throw notFound();
      await assertClientVisible(tx, actor, old.companyId);
      const contacts = await this.contactsOf(tx, old.id);
      await tx.delete(offices).where(eq(offices.id, old.id));
      await logChange(tx, OFFICE_LOG, {
        doc: old.id,
        action: 'remove',
        old: officeDto(old, contacts),
        new: null,
        actor,
      });
      return true;
    });
  }

  /** Adds or changes a contact of an office (logged as the Office's change). */
  async saveContact(actor: Actor, input: OfficeContactSaveInput) {
    return this.db.transaction(async (tx) => {
      const [office] = await tx.select().from(offices).where(eq(offices.id, input.officeId)).for('update');
      if (!office) throw notFound();
      await assertClientVisible(tx, actor, office.companyId);
      let old: ContactRow | undefined;
      if (input._id) {
        [old] = await tx
          .select()
          .from(officeContacts)
          .where(and(eq(officeContacts.id, input._id), eq(officeContacts.officeId, office.id)));
        if (!old) throw notFound();
      }
      const [row] = old
        ? await tx
            .update(officeContacts)
            .set({ ...contactValues(input), updated: sql`now()` })
            .where(eq(officeContacts.id, old.id))
            .returning()
        : await tx
            .insert(officeContacts)
            .values({ ...contactValues(input), officeId: office.id, createdBy: actor.id })
            .returning();
      const saved = contactDto(row);
      await logChange(tx, OFFICE_CONTACT_LOG, {
        doc: office.id,
        action: 'saveContact',
        old: old ? contactDto(old) : null,
        new: saved,
        actor,
      });
      return saved;
    });
  }

  async removeContact(actor: Actor, officeId: string, contactId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [office] = await tx.select().from(offices).where(eq(offices.id, officeId));
      if (!office) throw notFound();
      await assertClientVisible(tx, actor, office.companyId);
      const [old] = await tx
        .delete(officeContacts)
        .where(and(eq(officeContacts.id, contactId), eq(officeContacts.officeId, officeId)))
        .returning();
      if (!old) throw notFound();
      await logChange(tx, OFFICE_CONTACT_LOG, {
        doc: officeId,
        action: 'removeContact',
        old: contactDto(old),
        new: null,
        actor,
      });
      return true;
    });
  }
}

/**
 * An office's ISO country code: the one given, else the country's name (either language) or the client's VAT number
 * prefix tells it (countryCodeFrom), else the stored one (an update), else none.
 */
async function officeCountryCode(
  tx: Executor,
  companyId: string,
  input: Pick<OfficeValues, 'country' | 'countryCode'>,
  stored: string | null,
): Promise<string | null> {
  if (input.countryCode) return input.countryCode;
  const [company] = await tx
    .select({ vatNumber: companies.vatNumber })
    .from(companies)
    .where(eq(companies.id, companyId));
  return countryCodeFrom(input.country, company?.vatNumber) ?? stored;
}

function officeValues(input: OfficeValues) {
  return {
    isHeadquarters: input.isHeadquarters,
    country: input.country,
    state: input.state,
    city: input.city,
    street: input.street,
    zipCode: input.zipCode,
    phone: input.phone,
    email: input.email,
  };
}

function contactValues(input: OfficeContactInput) {
  return {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    position: input.position,
    phone: input.phone,
    email: input.email,
  };
}
