import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate:
      | { kind: 'pglite'; dumpPath: string; demoDumpPath: string }
      | { kind: 'postgres'; url: string; template: string; demoTemplate: string };
  }
}

export const TEMPLATE_DB = 'kantora_test_template';
export const DEMO_TEMPLATE_DB = 'kantora_test_demo_template';

/**
 * Migrates one database once, and a second one with the demo data; each test file then clones one of them
 * (initdb, migrations and the demo seed take seconds to a minute, once instead of once per file).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openPostgres(templateUrl.toString(), 2);
    await migrateDatabase(database);
    await database.close();
    await admin.query(`drop database if exists ${DEMO_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${DEMO_TEMPLATE_DB} template ${TEMPLATE_DB}`);
    templateUrl.pathname = `/${DEMO_TEMPLATE_DB}`;
    const demo = await openPostgres(templateUrl.toString(), 2);
    await seedDemo(demo.db);
    await demo.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template: TEMPLATE_DB, demoTemplate: DEMO_TEMPLATE_DB });
    return async () => {
      await admin.query(`drop database if exists ${DEMO_TEMPLATE_DB} with (force)`);
      await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'kantora-test-'));
  const database = await openPglite({ dataDir: null });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const dumpPath = join(dir, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await seedDemo(database.db);
  const demoDump = await database.pglite!.dumpDataDir('none');
  const demoDumpPath = join(dir, 'demo-template.tar');
  writeFileSync(demoDumpPath, Buffer.from(await demoDump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dumpPath, demoDumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
