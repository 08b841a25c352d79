import { type ClientOption, isEuBusinessAbroad, type LocalizedText } from '@kantora/domain';
import type { VatTypeOption } from '../../api/metadata.ts';

/**
 * What the editor proposed when a business registered for VAT in another member state was picked with VAT charged:
 * the reverse charge (art. 21(2) VAT Act). The amounts card says so by the VAT fields until the user chooses otherwise.
 */
export interface ReverseChargeProposal {
  customer: LocalizedText;
  vatNumber: string;
  /** The active VAT type of category AE that was chosen; null when none is set up (the notice only advises). */
  type: VatTypeOption | null;
}

/** The active reverse-charge VAT type (category AE), if there is one. */
export const reverseChargeType = (vatTypes: readonly VatTypeOption[] | undefined) =>
  vatTypes?.find((type) => type.category === 'AE' && type.status !== false) ?? null;

/**
 * The proposal for a customer just picked, or null: only for an EU business abroad (isEuBusinessAbroad) on a
 * document that charges VAT; a choice not to charge VAT already made is left as it is (the printed note and the
 * e-invoice treat it as reverse charge anyway: documentVatTreatment).
 */
export function reverseChargeProposal(
  customer: ClientOption | null | undefined,
  charging: boolean,
  vatTypes: readonly VatTypeOption[] | undefined,
): ReverseChargeProposal | null {
  if (!customer || !charging || !isEuBusinessAbroad(customer.vatNumber)) return null;
  return { customer: customer.name, vatNumber: customer.vatNumber ?? '', type: reverseChargeType(vatTypes) };
}
