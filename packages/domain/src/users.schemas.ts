import { z } from 'zod';
import type { LocalizedText } from './schemas.ts';
import { MessageKeys as M } from './messages.ts';
import { Access, UserStatus, UserType } from './roles.ts';
import {
  alwaysCheck,
  emailSchema,
  filterNumber,
  filterText,
  idSchema,
  listQuery,
  localizedText,
  nameSchema,
  optionalBusinessDate,
  optionalString,
  requiredString,
  selectId,
  selectNumber,
} from './schemas.ts';

/** A select limited to its values (the select rule 0..999, then the meaningful ones). */
const oneOf = (values: readonly number[], fallback: number) =>
  selectNumber
    .refine((value) => values.includes(value), M.select_range)
    .optional()
    .default(fallback);

export const userNameSchema = z.object({ bg: nameSchema, it: nameSchema });

export const userAddressSchema = z.object({
  country: optionalString(200),
  state: optionalString(200),
  city: optionalString(200),
  zipCode: optionalString(20),
  street: optionalString(500),
});
export type UserAddress = z.infer<typeof userAddressSchema>;

const emptyAddress = { country: '', state: '', city: '', zipCode: '', street: '' };

/**
 * User page. Names of at least 3 characters in both languages; email required and valid; password
 * required for a new user (at least 6), optional on update (only changed when given). A client-type
 * user always has client access; an employee-type user cannot have it.
 */
export const userSaveSchema = z
  .object({
    _id: idSchema.optional(),
    firstName: userNameSchema,
    middleName: localizedText.optional().default({ bg: '', it: '' }),
    lastName: userNameSchema,
    gender: oneOf([0, 1], 0),
    email: emailSchema.max(320, M.invalid_value),
    phone: optionalString(50),
    address: userAddressSchema.optional().default(emptyAddress),
    dateOfBirth: optionalBusinessDate,
    notes: optionalString(4000),
    password: z.string().max(200, M.invalid_value).optional(),
    type: oneOf([UserType.employee, UserType.client], UserType.client),
    access: oneOf([Access.admin, Access.manager, Access.employee, Access.accountant, Access.client], Access.client),
    status: oneOf([UserStatus.inactive, UserStatus.active], UserStatus.active),
  })
  .superRefine((value, ctx) => {
    const password = typeof value.password === 'string' ? value.password : '';
    if (!value._id && password === '')
      ctx.addIssue({ code: 'custom', path: ['password'], message: M.field_is_required });
    else if (password !== '' && password.length < 6)
      ctx.addIssue({ code: 'custom', path: ['password'], message: M.min_password });
    if (value.type === UserType.employee && value.access === Access.client) {
      ctx.addIssue({ code: 'custom', path: ['access'], message: M.employee_cannot_have_client_access });
    }
  }, alwaysCheck)
  .transform((value) => ({
    ...value,
    email: value.email.toLowerCase(),
    password: value.password || undefined,
    access: value.type === UserType.client ? Access.client : value.access,
  }));
export type UserSaveInput = z.infer<typeof userSaveSchema>;

export const userListQuery = listQuery.extend({
  firstName: filterText(),
  middleName: filterText(),
  lastName: filterText(),
  email: filterText(320),
  phone: filterText(50),
  access: filterNumber,
  status: filterNumber,
});
export type UserListQuery = z.infer<typeof userListQuery>;

const endNotBefore = (startKey: string, endKey: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const start = value[startKey];
  const end = value[endKey];
  if (
    typeof start === 'string' &&
    typeof end === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(start) &&
    /^\d{4}-\d{2}-\d{2}$/.test(end) &&
    end < start
  ) {
    ctx.addIssue({ code: 'custom', path: [endKey], message: M.end_date_before_start_date });
  }
};

/** An education entry of a user. */
export const userEducationSaveSchema = z
  .object({
    _id: idSchema.optional(),
    userId: selectId,
    type: optionalString(100),
    place: requiredString(300),
    degree: optionalString(300),
    startDate: optionalBusinessDate,
    endDate: optionalBusinessDate,
    notes: optionalString(4000),
  })
  .superRefine(endNotBefore('startDate', 'endDate'), alwaysCheck);
export type UserEducationSaveInput = z.infer<typeof userEducationSaveSchema>;

/** An experience entry of a user. */
export const userExperienceSaveSchema = z
  .object({
    _id: idSchema.optional(),
    userId: selectId,
    type: optionalString(100),
    position: requiredString(300),
    company: requiredString(300),
    dateOfJoin: optionalBusinessDate,
    dateOfRetire: optionalBusinessDate,
    location: optionalString(300),
    responsibilities: z.array(requiredString(1000)).max(100, M.invalid_value).optional().default([]),
    description: optionalString(4000),
    notes: optionalString(4000),
  })
  .superRefine(endNotBefore('dateOfJoin', 'dateOfRetire'), alwaysCheck);
export type UserExperienceSaveInput = z.infer<typeof userExperienceSaveSchema>;

/** The education or experience entries of one user. */
export const userRecordsListQuery = listQuery.extend({ userId: selectId });
export type UserRecordsListQuery = z.infer<typeof userRecordsListQuery>;

/** A body naming one entity: `{ id }`. */
export const idBodySchema = z.object({ id: selectId });
export const idParamsSchema = z.object({ id: idSchema });

// Answers ---------------------------------------------------------------------------------------

/** A staff or client user (POST /api/settings/users/list, GET /api/settings/users/{id}). */
export interface User {
  _id: string;
  firstName: LocalizedText;
  middleName: LocalizedText;
  lastName: LocalizedText;
  gender: number;
  email: string;
  phone: string;
  address: UserAddress;
  dateOfBirth: string | null;
  notes: string;
  type: number;
  access: number;
  status: number;
  created?: string | null;
  updated?: string | null;
}

/** The two kinds of a user's records. */
export type UserRecordKind = 'education' | 'experience';

/** An education or experience entry of a user (its fields are those of its save schema). */
export interface UserRecord {
  _id: string;
  userId: string;
  [field: string]: unknown;
}

/** How pickers see a user (the metaData look-ups of users). */
export interface UserOption {
  _id: string;
  fullName: LocalizedText;
  access: number;
}
