import {
  type ListResult,
  MessageKeys as M,
  type UserEducationSaveInput,
  type UserExperienceSaveInput,
  type UserRecordsListQuery,
} from '@kantora/domain';
import { eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { userEducations, userExperiences, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { notFound } from '../../http/errors.ts';
import { offsetOf, orderBy, pageOf, type SortColumns, totalCount } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';
import type { Actor } from '../../http/actor.ts';
import { logChange } from '../logs/index.ts';

type Row = Record<string, any>;
type RecordTable = PgTable & { id: PgColumn; userId: PgColumn; created: PgColumn };

/** What differs between a user's education and experience entries; the service is shared. */
interface RecordKind<Input> {
  entity: string;
  table: RecordTable;
  defaultSort: { by: string; desc: boolean };
  sortColumns: SortColumns;
  values: (input: Input) => Row;
}

const education: RecordKind<UserEducationSaveInput> = {
  entity: 'UserEducation',
  table: userEducations,
  defaultSort: { by: 'startDate', desc: true },
  sortColumns: {
    startDate: userEducations.startDate,
    endDate: userEducations.endDate,
    place: userEducations.place,
    degree: userEducations.degree,
    type: userEducations.type,
  },
  values: (input) => ({
    type: input.type,
    place: input.place,
    degree: input.degree,
    startDate: input.startDate,
    endDate: input.endDate,
    notes: input.notes,
  }),
};

const experience: RecordKind<UserExperienceSaveInput> = {
  entity: 'UserExperience',
  table: userExperiences,
  defaultSort: { by: 'dateOfJoin', desc: true },
  sortColumns: {
    dateOfJoin: userExperiences.dateOfJoin,
    dateOfRetire: userExperiences.dateOfRetire,
    position: userExperiences.position,
    company: userExperiences.company,
    location: userExperiences.location,
    type: userExperiences.type,
  },
  values: (input) => ({
    type: input.type,
    position: input.position,
    company: input.company,
    dateOfJoin: input.dateOfJoin,
    dateOfRetire: input.dateOfRetire,
    location: input.location,
    responsibilities: input.responsibilities,
    description: input.description,
    notes: input.notes,
  }),
};

export const USER_RECORDS = { education, experience };
export type UserRecordKind = keyof typeof USER_RECORDS;

function recordDto(row: Row) {
  const { id, created, updated, createdBy: _createdBy, ...rest } = row;
  return { _id: id as string, ...rest, created: iso(created), updated: iso(updated) };
}

/** A user's education and experience entries. */
export class UserRecordsService {
  constructor(private readonly db: Db) {}

  private kind(name: UserRecordKind): RecordKind<any> {
    return USER_RECORDS[name];
  }

  private async find(
    executor: Executor,
    kind: RecordKind<unknown>,
    id: string,
    forUpdate = false,
  ): Promise<Row | undefined> {
    const query = executor.select().from(kind.table).where(eq(kind.table.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row as Row | undefined;
  }

  async get(name: UserRecordKind, id: string) {
    const row = await this.find(this.db, this.kind(name), id);
    if (!row) throw notFound();
    return recordDto(row);
  }

  async list(name: UserRecordKind, query: UserRecordsListQuery): Promise<ListResult<ReturnType<typeof recordDto>>> {
    const kind = this.kind(name);
    const t = kind.table;
    const where = eq(t.userId, query.userId);
    const sort = orderBy(query, { ...kind.sortColumns, created: t.created }, kind.defaultSort, t.id);
    const rows = (await this.db
      .select({ ...getTableColumns(t), total: totalCount })
      .from(t)
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query))) as Array<Row & { total: number }>;
    return pageOf(
      rows,
      query,
      recordDto,
      async () => (await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(t).where(where))[0].n,
    );
  }

  async save(name: UserRecordKind, actor: Actor, input: UserEducationSaveInput | UserExperienceSaveInput) {
    const kind = this.kind(name);
    const t = kind.table;
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
      if (!user) throw fieldError('userId', M.invalid_value);
      const old = input._id ? await this.find(tx, kind, input._id, true) : undefined;
      if (input._id && !old) throw notFound();
      if (old && old.userId !== input.userId) throw fieldError('userId', M.invalid_value);
      const values = kind.values(input);
      const [row] = old
        ? await tx
            .update(t)
            .set({ ...values, updated: sql`now()` })
            .where(eq(t.id, old.id))
            .returning()
        : await tx
            .insert(t)
            .values({ ...values, userId: input.userId, createdBy: actor.id })
            .returning();
      const saved = recordDto(row as Row);
      await logChange(
        tx,
        { name: kind.entity, model: getTableName(t) },
        { doc: saved._id, action: 'save', old: old ? recordDto(old) : null, new: saved, actor },
      );
      return saved;
    });
  }

  async remove(name: UserRecordKind, actor: Actor, id: string): Promise<void> {
    const kind = this.kind(name);
    await this.db.transaction(async (tx) => {
      const old = await this.find(tx, kind, id, true);
      if (!old) throw notFound();
      await tx.delete(kind.table).where(eq(kind.table.id, id));
      await logChange(
        tx,
        { name: kind.entity, model: getTableName(kind.table) },
        { doc: id, action: 'remove', old: recordDto(old), new: null, actor },
      );
    });
  }
}
