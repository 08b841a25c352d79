import type {
  PartySnapshot,
  PortalBillingRow,
  PortalBillingView,
  PortalCompanyRow,
  PortalCompanyView,
  PortalContractDocumentRow,
  PortalContractRow,
  PortalContractServiceRow,
  PortalContractView,
} from '@kantora/domain';

/** Ids as the server makes them (UUIDs), readable in the tests. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const ids = {
  company: uuid(1),
  company2: uuid(2),
  contract: uuid(10),
  invoice: uuid(20),
  proforma: uuid(30),
  original: uuid(21),
  file: uuid(40),
};

const text = (bg: string, it: string) => ({ bg, it });

export const provider: PartySnapshot = {
  name: text('Кантора ЕООД', 'Kantora EOOD'),
  address: {
    country: text('България', 'Bulgaria'),
    city: text('София', 'Sofia'),
    zipCode: '1000',
    street: text('ул. Граф Игнатиев 10', 'via Graf Ignatiev 10'),
  },
  bank: {
    bankId: uuid(50),
    name: text('Банка ДСК', 'Banca DSK'),
    address: text('', ''),
    bic: 'STSABGSF',
    iban: 'BG80STSA93000012345678',
    currency: 'BGN',
  },
  bank2: {
    bankId: uuid(51),
    name: text('УниКредит Булбанк', 'UniCredit Bulbank'),
    address: text('', ''),
    bic: 'UNCRBGSF',
    iban: 'BG18UNCR70001512345678',
    currency: 'EUR',
  },
  responsiblePerson: text('Иван Петров', 'Ivan Petrov'),
  bulstat: '201234567',
  vatNumber: 'BG201234567',
};

export const customer: PartySnapshot = {
  name: text('Роси Кострузиони ООД', 'Rossi Costruzioni S.r.l.'),
  address: {
    country: text('Италия', 'Italia'),
    city: text('Милано', 'Milano'),
    zipCode: '20123',
    street: text('виа Торино 21', 'via Torino 21'),
  },
  bank: {
    bankId: uuid(52),
    name: text('Интеза Санпаоло', 'Intesa Sanpaolo'),
    address: text('', ''),
    bic: 'BCITITMM',
    iban: 'IT60X0542811101000000123456',
    currency: 'EUR',
  },
  responsiblePerson: text('Марко Роси', 'Marco Rossi'),
  bulstat: '0234567890',
  vatNumber: 'IT0234567890',
};

export const companyRows: PortalCompanyRow[] = [
  {
    _id: ids.company,
    name: customer.name,
    bulstat: '0234567890',
    vatNumber: 'IT0234567890',
    phone: '+39 02 8646 1200',
    email: 'amministrazione@rossicostruzioni.it',
    status: true,
  },
  {
    _id: ids.company2,
    name: text('Бианки Мода АД', 'Bianchi Moda S.p.A.'),
    bulstat: '0456789012',
    vatNumber: 'IT0456789012',
    phone: '+39 055 219 880',
    email: 'info@bianchimoda.it',
    status: true,
  },
];

export const company: PortalCompanyView = {
  ...companyRows[0],
  responsiblePerson: text('Марко Роси', 'Marco Rossi'),
  offices: [
    {
      _id: uuid(60),
      isHeadquarters: true,
      country: text('Италия', 'Italia'),
      state: text('', ''),
      city: text('Милано', 'Milano'),
      street: text('виа Торино 21', 'via Torino 21'),
      zipCode: '20123',
      phone: '+39 02 8646 1200',
      email: '',
      contacts: [
        {
          _id: uuid(61),
          firstName: 'Марко',
          middleName: '',
          lastName: 'Роси',
          position: 'Amministratore',
          phone: '+39 333 1234567',
          email: 'marco@rossicostruzioni.it',
        },
      ],
    },
    {
      _id: uuid(62),
      isHeadquarters: false,
      country: text('България', 'Bulgaria'),
      state: text('', ''),
      city: text('София', 'Sofia'),
      street: text('ул. Шипка 34', 'via Shipka 34'),
      zipCode: '1504',
      phone: '',
      email: '',
      contacts: [
        {
          _id: uuid(63),
          firstName: 'Лучия',
          middleName: '',
          lastName: 'Бианки',
          position: 'Referente Bulgaria',
          phone: '',
          email: 'lucia@rossicostruzioni.it',
        },
      ],
    },
  ],
};

export const contractRow: PortalContractRow = {
  _id: ids.contract,
  name: text('Счетоводно обслужване 2026', 'Servizi contabili 2026'),
  customerId: ids.company,
  companyName: customer.name,
  fromDate: '2026-01-01',
  toDate: '2026-12-31',
  status: 1,
  created: '2025-12-20T08:00:00.000Z',
};

export const contract: PortalContractView = {
  ...contractRow,
  provider,
  customer,
  description: text('Месечно счетоводно обслужване и ТРЗ', 'Contabilità mensile e paghe'),
  invoiceMonthlyInterval: 3,
  pricePerMonth: 450,
  isAdvance: false,
  currencyCode: 'EUR',
  currencyName: text('Евро', 'Euro'),
};

export const serviceRows: PortalContractServiceRow[] = [
  {
    _id: uuid(70),
    code: 'ACC-01',
    name: text('Счетоводно обслужване', 'Contabilità'),
    description: text('До 50 документа', 'Fino a 50 documenti'),
    price: 350,
    created: '2025-12-20T08:00:00.000Z',
  },
  {
    _id: uuid(71),
    code: 'PAY-01',
    name: text('ТРЗ', 'Paghe'),
    description: text('', ''),
    price: 100,
    created: '2025-12-20T08:01:00.000Z',
  },
];

export const documentRows: PortalContractDocumentRow[] = [
  {
    _id: uuid(80),
    type: uuid(81),
    typeName: text('Договор', 'Contratto'),
    date: '2025-12-20',
    description: text('Подписан договор', 'Contratto firmato'),
    notes: text('', ''),
    files: [
      {
        _id: ids.file,
        filename: 'dogovor.pdf',
        contentType: 'application/pdf',
        length: 20480,
        uploadDate: '2025-12-20T09:00:00.000Z',
      },
    ],
    created: '2025-12-20T09:00:00.000Z',
  },
];

export function billingRowOf(
  kind: 'invoice' | 'proforma',
  n: number,
  extra: Partial<PortalBillingRow> = {},
): PortalBillingRow {
  return {
    _id: uuid(kind === 'invoice' ? 200 + n : 300 + n),
    kind,
    number: String(n).padStart(10, '0'),
    date: `2026-03-${String(10 + n).padStart(2, '0')}`,
    customerId: ids.company,
    companyName: customer.name,
    bulstat: customer.bulstat,
    vatNumber: customer.vatNumber,
    amount: 300 * n,
    VATAmount: 60 * n,
    totalAmount: 360 * n,
    currencyCode: 'EUR',
    isPaid: 0,
    paidAmount: 0,
    noticeType: 0,
    ...extra,
  };
}

export function billingViewOf(kind: 'invoice' | 'proforma', extra: Partial<PortalBillingView> = {}): PortalBillingView {
  return {
    ...billingRowOf(kind, 42, {
      _id: kind === 'invoice' ? ids.invoice : ids.proforma,
      amount: 300,
      VATAmount: 60,
      totalAmount: 360,
      isPaid: 2,
      paidAmount: 100,
    }),
    provider,
    customer,
    contract: ids.contract,
    contractName: contractRow.name,
    taxDate: '2026-03-31',
    paymentDeadlineDate: '2026-04-14',
    paymentTypeName: text('По банков път', 'Bonifico bancario'),
    signerName: text('Мария Петрова', 'Maria Petrova'),
    creditToInvoice: null,
    creditToInvoiceNumber: null,
    creditToInvoiceDate: null,
    noticeReason: text('', ''),
    VATCharging: true,
    VATName: text('Стандартна ставка', 'Aliquota ordinaria'),
    VATPercentage: 20,
    currencyName: text('Евро', 'Euro'),
    currencyRate: 1.95583,
    notPaid: 260,
    showBGInvoice: true,
    printLayouts:
      kind === 'invoice'
        ? ['invoice', 'invoice-bgn', 'italian']
        : ['proforma', 'proforma-bgn', 'proforma-ibans', 'italian'],
    items: [
      {
        _id: uuid(90),
        index: 1,
        name: text('Счетоводно обслужване', 'Contabilità'),
        comment: text('март 2026', 'marzo 2026'),
        quantity: 1,
        price: 200,
        total: 200,
      },
      {
        _id: uuid(91),
        index: 2,
        name: text('ТРЗ', 'Paghe'),
        comment: text('', ''),
        quantity: 2,
        price: 50,
        total: 100,
      },
    ],
    ...extra,
  };
}
