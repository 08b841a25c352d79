/**
 * The provider's (own company's) account a contract in a currency is billed to: the one rule that registering a
 * contract, changing a registered contract's banks (the server and the web) and the billing run ("no supplier account
 * in the currency", reason `no_bank`) apply alike.
 *
 * A contract names two accounts of the own company: `providerBank` (the BGN account, `bank` on the snapshot) and
 * `providerBank2` (the EUR account, `bank2`). A EUR contract needs the EUR account, a BGN contract the BGN account;
 * a contract in another currency needs either of them.
 */

/** The contract's field of each account. */
export type ProviderBankField = 'providerBank' | 'providerBank2';

/** The provider's chosen accounts (ids, null when none). */
export interface ProviderBankIds {
  providerBank: string | null | undefined;
  providerBank2: string | null | undefined;
}

/**
 * The field that lacks the account a contract in `currencyCode` (ISO code, or null when unknown) is billed to, or null
 * when the contract has it: EUR → `providerBank2`, BGN → `providerBank`, another currency → `providerBank` when
 * neither is chosen.
 */
export function missingProviderBank(
  currencyCode: string | null | undefined,
  banks: ProviderBankIds,
): ProviderBankField | null {
  if (currencyCode === 'EUR') return banks.providerBank2 ? null : 'providerBank2';
  if (currencyCode === 'BGN') return banks.providerBank ? null : 'providerBank';
  return banks.providerBank || banks.providerBank2 ? null : 'providerBank';
}

/** True when the contract has the provider's account of its currency (`missingProviderBank` finds nothing). */
export function hasProviderBankFor(currencyCode: string | null | undefined, banks: ProviderBankIds): boolean {
  return missingProviderBank(currencyCode, banks) === null;
}
