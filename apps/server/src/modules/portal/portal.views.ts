import {
  type BillingDocumentView,
  type BillingItemRow,
  type BillingRow,
  type ContractRow,
  type ContractServiceRow,
  type ContractView,
  type PortalBillingItem,
  type PortalBillingRow,
  type PortalBillingView,
  type PortalContractDocumentRow,
  type PortalContractRow,
  type PortalContractServiceRow,
  type PortalContractView,
  type PortalOffice,
  type PrintLayoutName,
  toCents,
} from '@kantora/domain';
import type { DocumentDto } from '../documents/index.ts';
import type { ContactRow, OfficeRow } from '../clients/index.ts';

/**
 * What a client user sees of the staff modules' answers: each DTO is built field by field from the module's own view,
 * so a field added to a staff view never reaches the portal unless it is named here (no staff names, no rights, no
 * ids of internal picks, no links to drafts).
 */

export function portalOffice(row: OfficeRow, contacts: ContactRow[]): PortalOffice {
  return {
    _id: row.id,
    isHeadquarters: row.isHeadquarters,
    country: row.country,
    state: row.state,
    city: row.city,
    street: row.street,
    zipCode: row.zipCode,
    phone: row.phone,
    email: row.email,
    contacts: contacts.map((contact) => ({
      _id: contact.id,
      firstName: contact.firstName,
      middleName: contact.middleName,
      lastName: contact.lastName,
      position: contact.position,
      phone: contact.phone,
      email: contact.email,
    })),
  };
}

export function portalContractRow(row: ContractRow): PortalContractRow {
  return {
    _id: row._id,
    name: row.name,
    customerId: row.customerId,
    companyName: row.companyName,
    fromDate: row.fromDate,
    toDate: row.toDate,
    status: row.status,
    created: row.created,
  };
}

export function portalContractView(view: ContractView): PortalContractView {
  return {
    ...portalContractRow(view),
    provider: view.provider,
    customer: view.customer,
    description: view.description,
    invoiceMonthlyInterval: view.invoiceMonthlyInterval,
    // A client user sees the contract's prices (seesPrices); 0 only for the type.
    pricePerMonth: view.pricePerMonth ?? 0,
    isAdvance: view.isAdvance,
    currencyCode: view.currencyCode,
    currencyName: view.currencyName,
  };
}

export function portalServiceRow(row: ContractServiceRow): PortalContractServiceRow {
  return {
    _id: row._id,
    code: row.code,
    name: row.name,
    description: row.description,
    price: row.price ?? 0,
    created: row.created,
  };
}

export function portalDocumentRow(row: DocumentDto): PortalContractDocumentRow {
  return {
    _id: row._id,
    type: row.type,
    typeName: row.typeName,
    date: row.date,
    description: row.description,
    notes: row.notes,
    files: row.files.map((file) => ({
      _id: file._id,
      filename: file.filename,
      contentType: file.contentType,
      length: file.length,
      uploadDate: file.uploadDate,
    })),
    created: row.created,
  };
}

export function portalBillingRow(row: BillingRow): PortalBillingRow {
  return {
    _id: row._id,
    kind: row.kind,
    number: row.number,
    date: row.date,
    customerId: row.customerId,
    companyName: row.companyName,
    bulstat: row.bulstat,
    vatNumber: row.vatNumber,
    amount: row.amount,
    VATAmount: row.VATAmount,
    totalAmount: row.totalAmount,
    currencyCode: row.currencyCode,
    isPaid: row.isPaid,
    paidAmount: row.paidAmount,
    noticeType: row.noticeType,
  };
}

function portalItem(row: BillingItemRow): PortalBillingItem {
  return {
    _id: row._id,
    index: row.index,
    name: row.name,
    comment: row.comment,
    quantity: row.quantity,
    price: row.price,
    total: row.total,
  };
}

/** The preview: `contractShown` false leaves out the link to a contract the user may not open (a draft). */
export function portalBillingView(
  view: BillingDocumentView,
  items: BillingItemRow[],
  printLayouts: PrintLayoutName[],
  contractShown: boolean,
): PortalBillingView {
  const notPaid = (toCents(view.totalAmount) - toCents(view.paidAmount)) / 100;
  return {
    ...portalBillingRow(view),
    provider: view.provider,
    customer: view.customer,
    contract: contractShown ? view.contract : null,
    contractName: contractShown ? view.contractName : null,
    taxDate: view.taxDate,
    paymentDeadlineDate: view.paymentDeadlineDate,
    paymentTypeName: view.paymentTypeName,
    signerName: view.signerName,
    creditToInvoice: view.creditToInvoice,
    creditToInvoiceNumber: view.creditToInvoiceNumber,
    creditToInvoiceDate: view.creditToInvoiceDate,
    noticeReason: view.noticeReason,
    VATCharging: view.VATCharging,
    VATName: view.VATName,
    VATPercentage: view.VATPercentage,
    currencyName: view.currencyName,
    currencyRate: view.currencyRate,
    notPaid,
    showBGInvoice: view.showBGInvoice,
    printLayouts,
    items: items.map(portalItem),
  };
}
