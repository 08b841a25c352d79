/**
 * npm run seed -- [--preset demo|large] [--clients N] [--documents N] [--contracts N] [--timesheets N] [--invoices N]
 *
 * Seeds the database named by DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite; the server must not be
 * running on it). It migrates first, creates the administrator and the demo data when missing, and
 * with `--preset large` adds the large dataset (20 000 clients with their headquarters, 100 000 document-flow
 * documents with small files, 40 000 contracts with their services, 2 000 000 timesheets by the demo staff and 100 employees of the preset, 200 000 invoices and proformas with 1 000 000 rows; each area adds its part here). Every part is skipped when already there.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../db/client.ts';
import { firstStart } from './bootstrap.ts';
import { seedLargeBilling } from './large-billing.ts';
import { seedLargeClients } from './large-clients.ts';
import { seedLargeContracts } from './large-contracts.ts';
import { seedLargeDocumentsFlow } from './large-documents-flow.ts';
import { seedLargeTimesheets } from './large-timesheets.ts';

const PRESETS = ['demo', 'large'] as const;

async function main() {
  const { values } = parseArgs({
    options: {
      preset: { type: 'string', default: 'demo' },
      clients: { type: 'string' },
      documents: { type: 'string' },
      contracts: { type: 'string' },
      timesheets: { type: 'string' },
      invoices: { type: 'string' },
    },
  });
  const preset = values.preset as (typeof PRESETS)[number];
  if (!PRESETS.includes(preset)) throw new Error(`Unknown preset ${values.preset}: use ${PRESETS.join(' or ')}`);
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite({ dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(database);
    const first = await firstStart(database.db, {
      adminEmail: config.ADMIN_EMAIL,
      adminPassword: config.ADMIN_PASSWORD,
      seedDemo: true,
    });
    if (first.generatedPassword)
      console.log(`administrator ${first.adminEmail}, password ${first.generatedPassword} (shown once)`);
    console.log(first.demoSeeded ? 'demo data: added' : 'demo data: already there');
    if (preset === 'large') {
      const started = performance.now();
      const clients = await seedLargeClients(database.db, values.clients ? Number(values.clients) : undefined);
      console.log(
        `large preset: ${clients} clients with their headquarters in ${((performance.now() - started) / 1000).toFixed(1)} s${clients === 0 ? ' (already there)' : ''}`,
      );
      const documentsStarted = performance.now();
      const documents = await seedLargeDocumentsFlow(
        database.db,
        values.documents ? Number(values.documents) : undefined,
      );
      console.log(
        `large preset: ${documents} document-flow documents with their files in ${((performance.now() - documentsStarted) / 1000).toFixed(1)} s${documents === 0 ? ' (already there)' : ''}`,
      );
      const contractsStarted = performance.now();
      const contracts = await seedLargeContracts(database.db, values.contracts ? Number(values.contracts) : undefined);
      console.log(
        `large preset: ${contracts} contracts with their services in ${((performance.now() - contractsStarted) / 1000).toFixed(1)} s${contracts === 0 ? ' (already there)' : ''}`,
      );
      const billingStarted = performance.now();
      const invoices = await seedLargeBilling(database.db, values.invoices ? Number(values.invoices) : undefined);
      console.log(
        `large preset: ${invoices} invoices and proformas with their rows in ${((performance.now() - billingStarted) / 1000).toFixed(1)} s${invoices === 0 ? ' (already there)' : ''}`,
      );
      const timesheetsStarted = performance.now();
      const timesheets = await seedLargeTimesheets(
        database.db,
        values.timesheets ? Number(values.timesheets) : undefined,
      );
      console.log(
        `large preset: ${timesheets} timesheets in ${((performance.now() - timesheetsStarted) / 1000).toFixed(1)} s${timesheets === 0 ? ' (already there)' : ''}`,
      );
    }
    await database.checkpoint();
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
