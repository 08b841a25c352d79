// npm run einvoice:validate: the e-invoices the server suite wrote out (EINVOICE_OUT_DIR, by default
// apps/server/test-output/einvoice/) through the official EN 16931 UBL validator (../shared/einvoice/validate.mjs
// next to the clone, or EINVOICE_VALIDATOR). Fails when the validator is missing, the folder holds no XML, or any
// file fails a fatal rule (the validator's own exit status).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = resolve(root, process.env.EINVOICE_OUT_DIR ?? 'apps/server/test-output/einvoice');
const validator = resolve(root, process.env.EINVOICE_VALIDATOR ?? '../shared/einvoice/validate.mjs');

if (!existsSync(validator)) {
  console.error(`e-invoices: no validator at ${validator} (set EINVOICE_VALIDATOR)`);
  process.exit(1);
}
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => name.endsWith('.xml'))
      .sort()
      .map((name) => join(dir, name))
  : [];
if (files.length === 0) {
  console.error(`e-invoices: no XML in ${dir} (run the server tests first: test/einvoice.test.ts writes them)`);
  process.exit(1);
}
console.log(`\n── e-invoices (EN 16931 validator): ${files.length} files in ${dir} ──`);
const result = spawnSync(process.execPath, [validator, ...files], { stdio: 'inherit' });
if (result.status !== 0) console.error(`e-invoices: the validator failed (exit ${result.status ?? result.signal})`);
process.exit(result.status ?? 1);
