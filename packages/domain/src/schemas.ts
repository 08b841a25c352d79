import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, LOCALES } from './api.ts';
import { MessageKeys as M } from './messages.ts';
import { hasAtMostTwoDecimals, MAX_MONEY, MAX_PRICE, roundHalfAway } from './money.ts';

/** Re-exported for the schemas that import it from here (the constant lives with the other limits in money.ts). */
export { MAX_MONEY };

/**
 * Issues a schema gives no message of its own answer with a message key too: a missing value is
 * field_is_required, anything else invalid_value. Never zod's English text.
 */
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? M.field_is_required : M.invalid_value,
});

/** Runs a cross-field check even when some fields failed, so a form shows every problem at once (the check must accept partial values). */
export const alwaysCheck = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** A required string: empty or blank fails with field_is_required. */
export const requiredString = (max = 500) =>
  z.string({ error: M.field_is_required }).trim().min(1, M.field_is_required).max(max, M.invalid_value);

export const optionalString = (max = 2000) => z.string().trim().max(max, M.invalid_value).optional().default('');

/** Localised text {bg, it}. */
export const localizedText = z.object({ bg: optionalString(500), it: optionalString(500) });
export const localizedRequired = z.object({ bg: requiredString(500), it: requiredString(500) });
export type LocalizedText = z.infer<typeof localizedText>;

/** A select's value: a number 0 to 999 (0 passes "required"). */
export const selectNumber = z
  .number({ error: M.field_is_required })
  .int(M.select_range)
  .min(0, M.select_range)
  .max(999, M.select_range);

/**
 * A check that reports only the first failing rule (blank: field_is_required, before any format key).
 * Unlike zod's `abort`, it lets the object's cross-field checks still run, so a form sees every problem.
 */
export const firstFailure =
  <T>(...rules: Array<[(value: T) => boolean, string]>) =>
  (value: T, ctx: z.RefinementCtx) => {
    const failed = rules.find(([passes]) => !passes(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
  };

const notBlank = (value: string) => value !== '';
const emailFormat = z.email();
const uuidFormat = z.uuid();

export const emailSchema = z
  .string({ error: M.field_is_required })
  .trim()
  .superRefine(
    firstFailure(
      [notBlank, M.field_is_required],
      [(value) => value.length <= 320 && emailFormat.safeParse(value).success, M.email_valid],
    ),
  );
/** An optional email (a client's, a contract's): blank is none (''), anything else must be an email. */
export const optionalEmail = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((value) => value === '' || (value.length <= 320 && emailFormat.safeParse(value).success), M.email_valid);
export const passwordSchema = z.string({ error: M.field_is_required }).min(6, M.min_password).max(200, M.invalid_value);
export const nameSchema = z
  .string({ error: M.field_is_required })
  .trim()
  .superRefine(
    firstFailure(
      [notBlank, M.field_is_required],
      [(value) => value.length >= 3, M.field_at_least_3_symbols],
      [(value) => value.length <= 200, M.invalid_value],
    ),
  );

export const idSchema = z.string({ error: M.field_is_required }).uuid(M.invalid_value);

/** A required pick of an entity (a select): empty fails with field_is_required, anything but an id with invalid_value. */
export const selectId = z
  .string({ error: M.field_is_required })
  .trim()
  .superRefine(
    firstFailure([notBlank, M.field_is_required], [(value) => uuidFormat.safeParse(value).success, M.invalid_value]),
  );

/** True when the number has at most `decimals` decimals (after removing binary noise). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number.isFinite(value) && Math.abs(roundHalfAway(value, decimals) - value) < 1e-9;
}

/** Money: a JSON number, not negative, with at most 2 decimals (numeric(14,2) in the database). */
export const moneySchema = z
  .number({ error: M.field_is_required })
  .min(0, M.invalid_value)
  .max(MAX_MONEY, M.invalid_value)
  .refine(hasAtMostTwoDecimals, M.invalid_value);

/** A unit price (a row's, a service's, a contract's): money up to MAX_PRICE. */
export const priceSchema = z
  .number({ error: M.field_is_required })
  .min(0, M.invalid_value)
  .max(MAX_PRICE, M.invalid_value)
  .refine(hasAtMostTwoDecimals, M.invalid_value);

/** A list filter text: blank, null or missing means "no filter". */
export const filterText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, M.invalid_value)
    .nullish()
    .transform((value) => value || undefined);

/** A list filter id: blank, null or missing means "no filter". */
export const filterId = z
  .preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional())
  .optional();

/** A list filter number (a select): null or missing means "no filter". */
export const filterNumber = z
  .number()
  .int(M.invalid_value)
  .min(-1, M.invalid_value)
  .max(999, M.invalid_value)
  .nullish()
  .transform((value) => value ?? undefined);

/** A list filter boolean: null means "no filter". */
export const filterBoolean = z.boolean().nullish();

/** Business date YYYY-MM-DD, not before 1900-01-01. */
export const businessDate = z
  .string({ error: M.field_is_required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.invalid_date)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    M.invalid_date,
  )
  .refine((value) => value >= '1900-01-01', M.min_date);

/** An optional business date: blank or null means none. */
export const optionalBusinessDate = z
  .preprocess((value) => (value === '' || value === undefined ? null : value), businessDate.nullable())
  .optional()
  .transform((value) => value ?? null);

/** A list filter date: blank, null or missing means "no filter". */
export const filterDate = z
  .preprocess((value) => (value === '' || value === null ? undefined : value), businessDate.optional())
  .optional();

export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.invalid_time);

export const localeSchema = z.enum(LOCALES);

const oneOrMany = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.array(schema)]).transform((value) => (Array.isArray(value) ? value : [value]) as z.infer<T>[]);

/** A list's page number: 1 to MAX_PAGE. A page past the last one answers no rows and the real total. */
export const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

/** The paging fields of a list or search body: the page (default 1) and its size (default `defaultSize`). */
export const pagingFields = (defaultSize: number) => ({
  page: pageNumber,
  itemsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize),
});

/** The paging part of every POST .../list body. */
export const listQuery = z.object({
  ...pagingFields(DEFAULT_PAGE_SIZE),
  sortBy: oneOrMany(z.string().max(64)).optional().default([]),
  sortDesc: oneOrMany(z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]))
    .optional()
    .default([]),
});
export type ListQuery = z.infer<typeof listQuery>;

export const signInSchema = z.object({
  username: requiredString(320),
  password: z.string({ error: M.field_is_required }).min(1, M.field_is_required).max(200, M.invalid_value),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signInResult = z.object({ token: z.string(), expiration: z.string() });
export type SignInResult = z.infer<typeof signInResult>;

export const currentUserInfo = z.object({
  id: z.string(),
  fullName: z.object({ bg: z.string(), it: z.string() }),
  access: z.number(),
  isProduction: z.boolean(),
  locale: localeSchema,
  email: z.string(),
});
export type CurrentUserInfo = z.infer<typeof currentUserInfo>;
