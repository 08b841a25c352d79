/**
 * The list filters that answer to more than one name: each filter's own name and, in order of precedence, the other
 * names the API still accepts for it. The schemas of those lists declare the names and fold them with foldAliases;
 * this table is the one place that lists them. Who sends what: the web (api/*.ts and its filter forms) and the e2e
 * specs send only the first name of each filter; the aliases are sent by no caller in this repository other than
 * the tests that pin them (filter-aliases.test.ts, some server tests). They are kept for outside callers written
 * against the older payloads the API answered (the client's and contract's tabs sent `clientId`/`client` and
 * `contractId`, the documents flow `companyId`, the timesheets `employee`/`userId`). Drop an alias here and from its
 * schema only when no outside caller sends it any more.
 */
export const FILTER_ALIASES = {
  /** POST {invoices,proforma-invoices}/list and getDocsCount. */
  billing: { customerId: ['clientId', 'client'], contract: ['contractId'] },
  /** POST /api/contracts/list. */
  contracts: { customerId: ['clientId', 'client'] },
  /** POST /api/documents-flow/list and /api/my-documents-flow/list. */
  documentsFlow: { company: ['client', 'companyId'] },
  /** POST /api/my-invoices/list and /api/my-proforma-invoices/list. */
  portalBilling: { contract: ['contractId'] },
  /** POST /api/timesheets/list, export and print. */
  timesheets: { client: ['clientId', 'company', 'customerId'], user: ['employee', 'userId'], contract: ['contractId'] },
} as const satisfies Record<string, Record<string, readonly string[]>>;

type AliasTable = Readonly<Record<string, readonly string[]>>;
type AliasNames<A extends AliasTable> = A[keyof A][number];

/** A parsed filter with each alias folded into its filter's name (the name wins, then the aliases in order). */
export function foldAliases<T extends Record<string, unknown>, A extends AliasTable>(
  value: T,
  aliases: A,
): Omit<T, AliasNames<A>> {
  const folded: Record<string, unknown> = { ...value };
  for (const [name, others] of Object.entries(aliases)) {
    let chosen = value[name];
    for (const other of others) {
      chosen = chosen ?? value[other];
      delete folded[other];
    }
    folded[name] = chosen;
  }
  return folded as Omit<T, AliasNames<A>>;
}
