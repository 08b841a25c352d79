import type { LocalizedText, PartyBank, Bank } from '@kantora/domain';

/** A chosen bank account as the party cards show it (from a document's snapshot, or just chosen in the dialog). */
export interface BankChoice {
  _id: string;
  name: LocalizedText;
  bic: string;
  iban: string;
  /** The currency's code (or name). */
  currency: string;
}

export const bankFromSnapshot = (bank: PartyBank | null | undefined): BankChoice | null =>
  bank ? { _id: bank.bankId, name: bank.name, bic: bank.bic, iban: bank.iban, currency: bank.currency } : null;

export const bankFromAccount = (bank: Bank): BankChoice => ({
  _id: bank._id,
  name: bank.name,
  bic: bank.bic,
  iban: bank.iban,
  currency: bank.currencyCode ?? bank.currencyName?.bg ?? '',
});

/** The choice of a stored account id: the snapshot's account when it is that one, else the id alone. */
export const bankChoiceOf = (
  id: string | null | undefined,
  snapshot: PartyBank | null | undefined,
): BankChoice | null =>
  id ? (bankFromSnapshot(snapshot) ?? { _id: id, name: { bg: '', it: '' }, bic: '', iban: '', currency: '' }) : null;
