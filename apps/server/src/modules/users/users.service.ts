import {
  Access,
  type ListResult,
  MessageKeys as M,
  type UserListQuery,
  type User,
  type UserSaveInput,
  UserStatus,
  UserType,
} from '@kantora/domain';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation, lockName } from '../../db/sql-helpers.ts';
import { userSessions, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';
import { notFound } from '../../http/errors.ts';
import { likePattern, localizedLike, localizedSort, offsetOf, orderBy, pageOf, totalCount } from '../../http/paging.ts';
import { fieldError } from '../../http/validation.ts';
import { hashPassword } from '../auth/index.ts';
import type { Actor } from '../../http/actor.ts';
import { logChange, type LogSubject } from '../logs/index.ts';

const USER_LOG: LogSubject = { name: 'User', model: 'users' };

/** Every user column but the secrets: hashes and token versions never leave the server. */
const publicColumns = {
  id: users.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  gender: users.gender,
  email: users.email,
  phone: users.phone,
  address: users.address,
  dateOfBirth: users.dateOfBirth,
  notes: users.notes,
  type: users.type,
  access: users.access,
  status: users.status,
  locale: users.locale,
  created: users.created,
  updated: users.updated,
};
type UserView = { [K in keyof typeof publicColumns]: (typeof users.$inferSelect)[K] };

export function userDto(row: UserView): User & { locale: UserView['locale'] } {
  const { id, created, updated, ...rest } = row;
  return { _id: id, ...rest, created: iso(created), updated: iso(updated) };
}
export type UserDto = ReturnType<typeof userDto>;

/** `{ _id, fullName, access }`: how pickers see a user. */
export const userOptionColumns = {
  _id: users.id,
  fullName: sql<{
    bg: string;
    it: string;
  }>`jsonb_build_object('bg', trim(${users.firstName}->>'bg' || ' ' || (${users.lastName}->>'bg')), 'it', trim(${users.firstName}->>'it' || ' ' || (${users.lastName}->>'it')))`,
  access: users.access,
};

const ADMINS_LOCK = 'users:admins';

export class UsersService {
  constructor(private readonly db: Db) {}

  async list(query: UserListQuery): Promise<ListResult<UserDto>> {
    const where = and(
      query.firstName ? localizedLike(users.firstName, query.firstName) : undefined,
      query.middleName ? localizedLike(users.middleName, query.middleName) : undefined,
      query.lastName ? localizedLike(users.lastName, query.lastName) : undefined,
      query.email ? sql`${users.email} ilike ${likePattern(query.email)}` : undefined,
      query.phone ? sql`${users.phone} ilike ${likePattern(query.phone)}` : undefined,
      query.access === undefined ? undefined : eq(users.access, query.access),
      query.status === undefined ? undefined : eq(users.status, query.status),
    );
    const sort = orderBy(
      query,
      {
        ...localizedSort('firstName', users.firstName),
        ...localizedSort('middleName', users.middleName),
        ...localizedSort('lastName', users.lastName),
        email: users.email,
        phone: users.phone,
        type: users.type,
        access: users.access,
        status: users.status,
        created: users.created,
      },
      { by: 'firstName', desc: false },
      users.id,
    );
    const rows = await this.db
      .select({ ...publicColumns, total: totalCount })
      .from(users)
      .where(where)
      .orderBy(...sort)
      .limit(query.itemsPerPage)
      .offset(offsetOf(query));
    return pageOf(
      rows,
      query,
      userDto,
      async () => (await this.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(users).where(where))[0].n,
    );
  }

  private async find(executor: Executor, id: string, forUpdate = false): Promise<UserView | undefined> {
    const query = executor.select(publicColumns).from(users).where(eq(users.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  async get(id: string): Promise<UserDto> {
    const row = await this.find(this.db, id);
    if (!row) throw notFound();
    return userDto(row);
  }

  /** True when a user exists (education, experience and documents hang on users). */
  async exists(executor: Executor, id: string): Promise<boolean> {
    return Boolean(await this.find(executor, id));
  }

  /**
   * Creates or updates a user. A new password, a deactivation or a change of access bumps the token
   * version, which ends the user's sessions. Nobody changes their own access or status, and the last
   * active administrator stays one.
   */
  async save(actor: Actor, input: UserSaveInput): Promise<UserDto> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    try {
      return await this.db.transaction(async (tx) => {
        await lockName(tx, ADMINS_LOCK);
        const old = input._id ? await this.find(tx, input._id, true) : undefined;
        if (input._id && !old) throw notFound();
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${input.email}`, old ? ne(users.id, old.id) : undefined))
          .limit(1);
        if (taken) throw fieldError('email', M.email_already_exists);
        if (old) await this.checkAccessChange(tx, actor, old, input);

        const values = {
          firstName: input.firstName,
          middleName: input.middleName,
          lastName: input.lastName,
          gender: input.gender,
          email: input.email,
          phone: input.phone,
          address: input.address,
          dateOfBirth: input.dateOfBirth,
          notes: input.notes,
          type: input.type,
          access: input.access,
          status: input.status,
        };
        const endSessions = Boolean(
          old &&
            (passwordHash ||
              (old.status === UserStatus.active && input.status !== UserStatus.active) ||
              old.access !== input.access),
        );
        let row: UserView;
        if (old) {
          [row] = await tx
            .update(users)
            .set({
              ...values,
              ...(passwordHash ? { passwordHash } : {}),
              ...(endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
              updated: sql`now()`,
            })
            .where(eq(users.id, old.id))
            .returning(publicColumns);
          // The sessions end with the token version: their rows are closed too, so no list shows them as live.
          if (endSessions)
            await tx
              .update(userSessions)
              .set({ endedAt: sql`now()`, endedBy: actor.id })
              .where(and(eq(userSessions.userId, old.id), isNull(userSessions.endedAt)));
        } else {
          [row] = await tx
            .insert(users)
            .values({ ...values, passwordHash: passwordHash!, createdBy: actor.id })
            .returning(publicColumns);
        }
        const saved = userDto(row);
        await logChange(tx, USER_LOG, {
          doc: row.id,
          action: 'save',
          old: old ? userDto(old) : null,
          new: { ...saved, ...(passwordHash && old ? { passwordChanged: true } : {}) },
          actor,
        });
        return saved;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_uq')) throw fieldError('email', M.email_already_exists);
      throw error;
    }
  }

  private async checkAccessChange(tx: Executor, actor: Actor, old: UserView, input: UserSaveInput) {
    const accessChanges = old.access !== input.access;
    const statusChanges = old.status !== input.status;
    if (!accessChanges && !statusChanges) return;
    if (old.id === actor.id) throw fieldError(accessChanges ? 'access' : 'status', M.cannot_change_own_access);
    const staysActiveAdmin = input.access === Access.admin && input.status === UserStatus.active;
    if (old.access === Access.admin && old.status === UserStatus.active && !staysActiveAdmin) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.access, Access.admin), eq(users.status, UserStatus.active), ne(users.id, old.id)))
        .limit(1);
      if (!other) throw fieldError(accessChanges ? 'access' : 'status', M.cannot_demote_last_admin);
    }
  }

  /** Active users for pickers, by name: `{ _id, fullName, access }`. */
  async options(filter: 'staff' | 'employees' | 'managers' | 'clients') {
    const accessOf: Record<typeof filter, number[]> = {
      staff: [Access.admin, Access.manager, Access.employee, Access.accountant],
      employees: [Access.employee],
      managers: [Access.admin, Access.manager],
      clients: [Access.client],
    };
    const conditions: SQL[] = [eq(users.status, UserStatus.active), inArray(users.access, accessOf[filter])];
    if (filter !== 'clients') conditions.push(eq(users.type, UserType.employee));
    return this.db
      .select(userOptionColumns)
      .from(users)
      .where(and(...conditions))
      .orderBy(sql`${users.firstName}->>'bg'`, sql`${users.lastName}->>'bg'`, users.id);
  }
}
