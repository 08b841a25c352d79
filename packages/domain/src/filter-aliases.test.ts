import { describe, expect, it } from 'vitest';
import { billingCountQuery, billingListQuery } from './billing.schemas.ts';
import { contractListQuery } from './contracts.schemas.ts';
import { documentFlowListQuery } from './documents-flow.schemas.ts';
import { FILTER_ALIASES, foldAliases } from './filter-aliases.ts';
import { portalBillingListQuery } from './portal.schemas.ts';
import { timesheetExportQuery, timesheetListQuery } from './timesheets.schemas.ts';

const id = '0b6e1c52-3f5a-4c1e-9a2b-6d7e8f901234';
const other = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** Each list schema with the aliases it accepts. */
const SCHEMAS = [
  { schema: billingListQuery, aliases: FILTER_ALIASES.billing },
  { schema: billingCountQuery, aliases: FILTER_ALIASES.billing },
  { schema: contractListQuery, aliases: FILTER_ALIASES.contracts },
  { schema: documentFlowListQuery, aliases: FILTER_ALIASES.documentsFlow },
  { schema: portalBillingListQuery, aliases: FILTER_ALIASES.portalBilling },
  { schema: timesheetListQuery, aliases: FILTER_ALIASES.timesheets },
  { schema: timesheetExportQuery, aliases: FILTER_ALIASES.timesheets },
];

describe('the filter aliases', () => {
  it('are accepted by the lists that list them and folded into the filter of the table', () => {
    for (const { schema, aliases } of SCHEMAS)
      for (const [name, others] of Object.entries(aliases))
        for (const alias of others) {
          const parsed = schema.parse({ [alias]: id }) as Record<string, unknown>;
          expect(parsed[name], `${alias} -> ${name}`).toBe(id);
          expect(alias in parsed, alias).toBe(false);
        }
  });

  it('let the filter name win, then the aliases in the order of the table', () => {
    expect(foldAliases({ a: undefined, b: id, c: other }, { a: ['b', 'c'] })).toEqual({ a: id });
    expect(foldAliases({ a: other, b: id }, { a: ['b'] })).toEqual({ a: other });
    expect(timesheetListQuery.parse({ company: other, clientId: id }).client).toBe(id);
  });
});
