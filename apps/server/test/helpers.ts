import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AccessValue, ApiEnvelope } from '@kantora/domain';
import { Access, UserStatus, UserType } from '@kantora/domain';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { logs, users } from '../src/db/schema/index.ts';
import type { AppInstance } from '../src/http/types.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';

export const TEST_PASSWORD = 'secret-pass-1';
let passwordHash: Promise<string> | undefined;

/** A fresh database for one test file: a clone of the migrated template, or of the one holding the demo data. */
export async function freshDatabase(options: { demo?: boolean } = {}): Promise<Database> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    return openPglite({
      loadDataDir: new Blob([readFileSync(options.demo ? template.demoDumpPath : template.dumpPath)]),
    });
  }
  const name = `kantora_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${options.demo ? template.demoTemplate : template.template}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: template.url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return database;
}

export interface TestUser {
  id: string;
  email: string;
  access: AccessValue;
  token: string;
}

export interface TestContext {
  app: AppInstance;
  database: Database;
  config: Config;
  /** One signed-in user of each role. */
  users: Record<'admin' | 'manager' | 'employee' | 'accountant' | 'client', TestUser>;
  createUser(
    access: AccessValue,
    overrides?: Partial<typeof users.$inferInsert>,
  ): Promise<{ id: string; email: string }>;
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** An app over a fresh database with one signed-in user of each role; `demo` starts from the demo data (seeded once per run). */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { demo?: boolean } = {},
): Promise<TestContext> {
  const database = await freshDatabase(options);
  const config = loadConfig({ APP_ENV: 'test', WEB_DIST: '/nonexistent', ...env });
  const app = await buildApp({ config, database, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
  await app.ready();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  let counter = 0;
  const createUser: TestContext['createUser'] = async (access, overrides = {}) => {
    counter += 1;
    const email = overrides.email ?? `user${counter}-${randomBytes(3).toString('hex')}@test.local`;
    const [row] = await database.db
      .insert(users)
      .values({
        firstName: { bg: `Име${counter}`, it: `Nome${counter}` },
        lastName: { bg: 'Тестов', it: 'Test' },
        email,
        passwordHash: hash,
        type: access === Access.client ? UserType.client : UserType.employee,
        access,
        status: UserStatus.active,
        ...overrides,
      })
      .returning();
    return { id: row.id, email: row.email };
  };
  const signIn = async (email: string, password = TEST_PASSWORD) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { username: email, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return response.json().Result.token as string;
  };
  const roles = ['admin', 'manager', 'employee', 'accountant', 'client'] as const;
  const signedIn = {} as TestContext['users'];
  for (const role of roles) {
    const user = await createUser(Access[role]);
    signedIn[role] = { ...user, access: Access[role], token: await signIn(user.email) };
  }
  return {
    app,
    database,
    config,
    users: signedIn,
    createUser,
    signIn,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The parsed envelope of a response. */
export function envelope<T = unknown>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json() as ApiEnvelope<T>;
}

/** A JSON call as one of the context's users (the admin unless told), answering status and envelope. */
export async function call<T = any>(
  ctx: TestContext,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token = ctx.users.admin.token,
) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    payload: method === 'GET' ? undefined : ((body ?? {}) as object),
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      Type: 0 | 1;
      Message: string | null;
      Result: T;
      Errors?: { field: string; message: string; params?: Record<string, string | number | null> }[];
    },
  };
}

/** A multipart/form-data body: text fields and optionally one file (part `file`). */
export function multipart(
  fields: Record<string, string>,
  file?: { filename: string; contentType: string; data: Buffer },
) {
  const boundary = `----kantora${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The Log rows of one entity, oldest first. */
export async function logsOf(ctx: TestContext, doc: string) {
  return ctx.database.db.select().from(logs).where(eq(logs.doc, doc)).orderBy(asc(logs.created), asc(logs.id));
}
