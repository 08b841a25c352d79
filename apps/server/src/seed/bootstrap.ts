import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Access, UserStatus, UserType } from '@kantora/domain';
import type { Db } from '../db/client.ts';
import { appMeta, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { writeLog } from '../modules/logs/index.ts';
import { seedDemo } from './demo.ts';
import { ensureReferenceData } from './reference.ts';

/** The JWT secret: JWT_SECRET, else one generated at first start and kept in the database, so every API process shares it. */
export async function jwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appMeta)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, 'jwt_secret'));
  return row.value;
}

export interface FirstStartResult {
  adminCreated: boolean;
  adminEmail: string;
  /** Set only when the password was generated and must be shown once. */
  generatedPassword?: string;
  /** The reference data (BGN and EUR, VAT types, payment types) was seeded by this start. */
  referenceSeeded: boolean;
  demoSeeded: boolean;
}

/**
 * First start: the administrator, the reference data every database bills with, and on an empty embedded
 * database the demo data. The reference and demo data are guarded by markers in app_meta, the administrator
 * by its unique e-mail, so a restart never repeats them, nor do several processes starting at once.
 */
export async function firstStart(
  db: Db,
  options: { adminEmail: string; adminPassword?: string; seedDemo: boolean },
): Promise<FirstStartResult> {
  const result: FirstStartResult = {
    adminCreated: false,
    adminEmail: options.adminEmail,
    referenceSeeded: false,
    demoSeeded: false,
  };
  const [{ count }] = await db.select({ count: sql<number>`cast(count(*) as integer)` }).from(users);
  if (count === 0) {
    const password = options.adminPassword ?? randomBytes(9).toString('base64url');
    const created = await db.transaction(async (tx) => {
      const [admin] = await tx
        .insert(users)
        .values({
          firstName: { bg: 'Администратор', it: 'Amministratore' },
          lastName: { bg: 'Системен', it: 'Sistema' },
          email: options.adminEmail.toLowerCase(),
          passwordHash: await hashPassword(password),
          type: UserType.employee,
          access: Access.admin,
          status: UserStatus.active,
        })
        // Another process starting at the same moment may have made it.
        .onConflictDoNothing()
        .returning();
      if (admin)
        await writeLog(tx, {
          name: 'User',
          doc: admin.id,
          model: 'users',
          type: 'create',
          action: 'firstStart',
          new: admin,
        });
      return Boolean(admin);
    });
    result.adminCreated = created;
    if (created && !options.adminPassword) result.generatedPassword = password;
  }
  result.referenceSeeded = await ensureReferenceData(db);
  if (options.seedDemo) {
    const inserted = await db
      .insert(appMeta)
      .values({ key: 'demo_seeded', value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      await seedDemo(db);
      result.demoSeeded = true;
    }
  }
  return result;
}
