import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

export const TEMPLATE_DB = 'kantora_test_template';

/** Migrates one database once; each test file then clones it (initdb and migrations take seconds). */
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
    project.provide('dbTemplate', { kind: 'postgres', url, template: TEMPLATE_DB });
    return async () => {
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
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}
