import { countryCodeFrom, type MyCompany, type MyCompanySaveInput } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { lockName } from '../../db/sql-helpers.ts';
import { myCompany } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import type { Actor } from '../../http/actor.ts';
import { writeLog } from '../logs/index.ts';

type MyCompanyRow = typeof myCompany.$inferSelect;

/**
 * The own company's ISO country code: the one given, else the country's name or the VAT number's prefix tells it,
 * else Bulgaria (the company issues under the Bulgarian VAT Act).
 */
export function ownCountryCode(address: MyCompanyRow['address'], vatNumber: string): string {
  return address.countryCode || countryCodeFrom(address.country, vatNumber) || 'BG';
}

export function myCompanyDto(row: MyCompanyRow): MyCompany {
  return {
    _id: row.id,
    name: row.name,
    responsiblePerson: row.responsiblePerson,
    bulstat: row.bulstat,
    vatNumber: row.vatNumber,
    address: { ...row.address, countryCode: ownCountryCode(row.address, row.vatNumber) },
    created: iso(row.created),
    updated: iso(row.updated),
  };
}
export type MyCompanyDto = MyCompany;

/** The own firm: one row, created by the first save. */
export class MyCompanyService {
  constructor(private readonly db: Db) {}

  async row(executor: Executor = this.db, forUpdate = false): Promise<MyCompanyRow | undefined> {
    const query = executor.select().from(myCompany).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** The own company, or null before its first save. */
  async get(): Promise<MyCompanyDto | null> {
    const row = await this.row();
    return row ? myCompanyDto(row) : null;
  }

  async save(actor: Actor, input: MyCompanySaveInput): Promise<MyCompanyDto> {
    return this.db.transaction(async (tx) => {
      // Two first saves at once would both insert: the second waits here and then updates.
      await lockName(tx, 'my_company');
      const old = await this.row(tx, true);
      const values = {
        name: input.name,
        responsiblePerson: input.responsiblePerson,
        bulstat: input.bulstat,
        vatNumber: input.vatNumber,
        address: { ...input.address, countryCode: ownCountryCode(input.address, input.vatNumber) },
      };
      const [row] = old
        ? await tx
            .update(myCompany)
            .set({ ...values, updated: sql`now()` })
            .where(sql`${myCompany.id} = ${old.id}`)
            .returning()
        : await tx
            .insert(myCompany)
            .values({ ...values, createdBy: actor.id })
            .returning();
      const saved = myCompanyDto(row);
      await writeLog(tx, {
        name: 'MyCompany',
        doc: row.id,
        model: 'my_company',
        type: old ? 'update' : 'create',
        action: 'save',
        old: old ? myCompanyDto(old) : null,
        new: saved,
        actor,
      });
      return saved;
    });
  }
}
