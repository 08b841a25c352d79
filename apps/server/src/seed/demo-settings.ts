import { Access } from '@kantora/domain';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  banks,
  currencies,
  documentFlowCategories,
  documentTypes,
  eventCategories,
  invoiceSettings,
  myCompany,
  numberRegisters,
  paymentTypes,
  services,
  users,
  vatTypes,
} from '../db/schema/index.ts';
import { writeLog } from '../modules/logs/index.ts';
import { insertLogged, seedReferenceData, STANDARD_VAT_NAME, TRANSFER_PAYMENT_NAME } from './reference.ts';

const t = (bg: string, it: string) => ({ bg, it });

/** A reference row by its Bulgarian name, else the list's first (an administrator may have renamed it). */
async function byName(
  tx: Tx,
  table: typeof vatTypes | typeof paymentTypes,
  name: string,
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .orderBy(sql`(${table.name}->>'bg') = ${name} desc`, asc(table.created), asc(table.id))
    .limit(1);
  return row;
}

/**
 * The own company with a BGN and a EUR account, the US dollar, services, document types, event and
 * document-flow categories, the invoice defaults and the registers, on top of the reference data (BGN and EUR,
 * VAT types, payment types) that every database gets (reference.ts).
 */
export async function seedDemoSettings(tx: Tx): Promise<void> {
  const [company] = await insertLogged(tx, myCompany, 'MyCompany', [
    {
      name: t('Кантора Консулт ООД', 'Kantora Consult S.r.l.'),
      responsiblePerson: t('Иван Петров', 'Ivan Petrov'),
      bulstat: '204567891',
      vatNumber: 'BG204567891',
      address: {
        country: t('България', 'Bulgaria'),
        state: t('София-град', 'Sofia città'),
        city: t('София', 'Sofia'),
        street: t('бул. Витоша 15, ет. 3', 'Boulevard Vitosha 15, piano 3'),
        zipCode: '1000',
        countryCode: 'BG',
      },
    },
  ]);

  // Builds on the reference data (seedDemo seeds it first; here it only makes sure).
  await seedReferenceData(tx);
  const codes = await tx.select({ id: currencies.id, code: currencies.code }).from(currencies);
  await insertLogged(
    tx,
    currencies,
    'Currency',
    codes.some((row) => row.code === 'USD')
      ? []
      : [{ name: t('Щатски долар', 'Dollaro statunitense'), code: 'USD', exchangeRate: 1.81234 }],
  );
  const bgn = codes.find((row) => row.code === 'BGN');
  const eur = codes.find((row) => row.code === 'EUR');

  // Check digits computed with makeIban('BG', ...) from @kantora/domain.
  if (bgn && eur)
    await insertLogged(tx, banks, 'Bank', [
      {
        ownerType: 'my_company',
        ownerId: company.id,
        name: t('УниКредит Булбанк', 'UniCredit Bulbank'),
        address: t('София, пл. Света Неделя 7', 'Sofia, piazza Sveta Nedelya 7'),
        bic: 'UNCRBGSF',
        iban: 'BG32UNCR70001520345678',
        currencyId: bgn.id,
        isDefault: true,
      },
      {
        ownerType: 'my_company',
        ownerId: company.id,
        name: t('УниКредит Булбанк (евро)', 'UniCredit Bulbank (euro)'),
        address: t('София, пл. Света Неделя 7', 'Sofia, piazza Sveta Nedelya 7'),
        bic: 'UNCRBGSF',
        iban: 'BG58UNCR70001420345679',
        currencyId: eur.id,
        isDefault2: true,
      },
    ]);

  const vat20 = await byName(tx, vatTypes, STANDARD_VAT_NAME.bg);
  const transfer = await byName(tx, paymentTypes, TRANSFER_PAYMENT_NAME.bg);

  await insertLogged(tx, services, 'Service', [
    {
      code: 'ACC-01',
      name: t('Счетоводно обслужване', 'Servizi di contabilità'),
      description: t('Месечно счетоводно обслужване', 'Contabilità mensile'),
      price: 450,
    },
    {
      code: 'PAY-01',
      name: t('ТРЗ и личен състав', 'Paghe e personale'),
      description: t('Заплати и осигуровки до 10 души', 'Paghe e contributi fino a 10 persone'),
      price: 180,
    },
    {
      code: 'TAX-01',
      name: t('Годишна данъчна декларация', 'Dichiarazione fiscale annuale'),
      description: t('ГДД по чл. 92 от ЗКПО', 'Dichiarazione annuale dei redditi societari'),
      price: 600,
    },
    {
      code: 'LEG-01',
      name: t('Правна консултация (час)', 'Consulenza legale (ora)'),
      description: t('Консултация по търговско право', 'Consulenza di diritto commerciale'),
      price: 95.5,
    },
    {
      code: 'REG-01',
      name: t('Регистрация на фирма', 'Costituzione di società'),
      description: t('Учредяване на ЕООД/ООД', 'Costituzione di S.r.l.'),
      price: 350,
    },
  ]);

  await insertLogged(tx, documentTypes, 'DocumentType', [
    { name: t('Трудов договор', 'Contratto di lavoro') },
    { name: t('Диплома', 'Diploma') },
    { name: t('Лична карта', 'Carta d’identità') },
    { name: t('Пълномощно', 'Procura') },
  ]);

  await insertLogged(tx, eventCategories, 'EventCategory', [
    { name: t('Среща с клиент', 'Incontro con il cliente'), color: '#8B0000' },
    { name: t('Вътрешна среща', 'Riunione interna'), color: '#1565C0' },
    { name: t('Краен срок', 'Scadenza'), color: '#EF6C00' },
    { name: t('Отпуск', 'Ferie'), color: '#2E7D32' },
  ]);

  const [accounting] = await insertLogged(tx, documentFlowCategories, 'DocumentFlowCategory', [
    { name: t('Счетоводни документи', 'Documenti contabili') },
    { name: t('Договори', 'Contratti') },
  ]);
  await insertLogged(tx, documentFlowCategories, 'DocumentFlowCategory', [
    { name: t('Фактури за покупки', 'Fatture di acquisto'), parentId: accounting.id },
    { name: t('Банкови извлечения', 'Estratti conto'), parentId: accounting.id },
  ]);

  const signers = await tx
    .select({ id: users.id, access: users.access })
    .from(users)
    .where(inArray(users.email, ['manager@kantora.local', 'accountant@kantora.local']));
  const manager = signers.find((u) => u.access === Access.manager);
  if (manager && eur && vat20 && transfer) {
    await insertLogged(tx, invoiceSettings, 'InvoiceSettings', [
      {
        currencyId: eur.id,
        vatTypeId: vat20.id,
        paymentTypeId: transfer.id,
        signerId: manager.id,
        signers: signers.map((u) => u.id),
        paymentTermDays: 14,
      },
    ]);
  }

  const registers = { invoice: 1, proforma: 1 };
  for (const [kind, next] of Object.entries(registers)) {
    await tx
      .insert(numberRegisters)
      .values({ kind, next })
      .onConflictDoUpdate({ target: numberRegisters.kind, set: { next } });
  }
  await writeLog(tx, {
    name: 'RegisterNumbers',
    model: 'number_registers',
    type: 'update',
    action: 'seed',
    new: { invoices: registers.invoice, proformaInvoices: registers.proforma },
  });
}
