import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * The most connections this process opens to PostgreSQL (its pool). Every process has its own pool: the processes
   * × this, plus what else connects, must stay under the server's max_connections (docs/performance.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  ADMIN_EMAIL: z.string().email().default('admin@kantora.local'),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  SEED_DEMO: bool.optional(),
  MAX_UPLOAD_MB: positiveInt(25),
  DOCUMENT_FLOW_LOCK_DAYS: positiveInt(5),
  TIMESHEET_LOCK_DAYS: positiveInt(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGNIN_MAX_ATTEMPTS: positiveInt(10),
  SIGNIN_WINDOW_MINUTES: positiveInt(15),
  WEB_DIST: z.string().optional(),
  /** Outgoing mail: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…; none = messages are held. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kantora <no-reply@kantora.local>'),
  /** The base of links in messages; default http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  /** The first retry's delay after a temporary refusal (4xx); doubled per attempt, capped at an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
  /** Attempts before a message fails for good. */
  MAIL_MAX_ATTEMPTS: positiveInt(8),
  /** How long a sender's claim on a message lasts; a killed sender's messages are retried after it. */
  MAIL_LEASE_SECONDS: positiveInt(300),
  /** How often the sender looks for due messages (it is also woken when one is queued). */
  MAIL_POLL_MS: positiveInt(5_000),
  /** How often each process looks whether the day's payment reminder run is due (0: never by itself). */
  REMINDERS_CHECK_MS: z.coerce.number().int().min(0).default(300_000),
  /** The Europe/Sofia hour (0–23) from which the day's reminder run is due. */
  REMINDERS_HOUR: z.coerce.number().int().min(0).max(23).default(8),
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

/** Reads the settings from the environment; a wrong value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}=${JSON.stringify(cleaned[name] ?? '')}: ${issue.message}`);
  }
  const data = parsed.data;
  return { ...data, PUBLIC_URL: (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, '') };
}
