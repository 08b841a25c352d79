import { Access } from '@kantora/domain';
import { getTableName, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
import { writeLog } from '../modules/logs/audit.ts';

const t = (bg: string, it: string) => ({ bg, it });

/** Inserts rows and writes their Log rows, like any other mutation. */
async function insertLogged<T extends PgTable>(tx: Tx, table: T, entity: string, values: T['$inferInsert'][]): Promise<Array<T['$inferSelect']>> {
  const rows = (await tx
    .insert(table)
    .values(values as never)
    .returning()) as Array<T['$inferSelect'] & { id: string }>;
  for (const row of rows) await writeLog(tx, { name: entity, doc: row.id, model: getTableName(table), type: 'create', action: 'seed', new: row });
  return rows;
}

/**
 * The own company with a BGN and a EUR account, currencies, VAT types, payment types, services,
 * document types, event and document-flow categories, the invoice defaults and the registers.
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
      },
    },
  ]);

  const [bgn, eur] = await insertLogged(tx, currencies, 'Currency', [
    { name: t('Български лев', 'Lev bulgaro'), code: 'BGN', exchangeRate: 1 },
    { name: t('Евро', 'Euro'), code: 'EUR', exchangeRate: 1.95583 },
    { name: t('Щатски долар', 'Dollaro statunitense'), code: 'USD', exchangeRate: 1.81234 },
  ]);

  // Check digits computed with makeIban('BG', ...) from @kantora/domain.
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

  const [vat20] = await insertLogged(tx, vatTypes, 'VATType', [
    { name: t('ДДС 20%', 'IVA 20%'), percentage: 20 },
    { name: t('ДДС 9%', 'IVA 9%'), percentage: 9 },
    {
      name: t('ДДС 0%', 'IVA 0%'),
      percentage: 0,
      exemptionReason: t('чл. 21, ал. 2 от ЗДДС — място на изпълнение извън страната', 'art. 21, c. 2 della legge bulgara sull’IVA — prestazione fuori dal territorio'),
    },
  ]);

  const [transfer] = await insertLogged(tx, paymentTypes, 'PaymentType', [
    { name: t('Банков превод', 'Bonifico bancario') },
    { name: t('В брой', 'Contanti') },
    { name: t('С карта', 'Carta') },
  ]);

  await insertLogged(tx, services, 'Service', [
    { code: 'ACC-01', name: t('Счетоводно обслужване', 'Servizi di contabilità'), description: t('Месечно счетоводно обслужване', 'Contabilità mensile'), price: 450 },
    { code: 'PAY-01', name: t('ТРЗ и личен състав', 'Paghe e personale'), description: t('Заплати и осигуровки до 10 души', 'Paghe e contributi fino a 10 persone'), price: 180 },
    { code: 'TAX-01', name: t('Годишна данъчна декларация', 'Dichiarazione fiscale annuale'), description: t('ГДД по чл. 92 от ЗКПО', 'Dichiarazione annuale dei redditi societari'), price: 600 },
    { code: 'LEG-01', name: t('Правна консултация (час)', 'Consulenza legale (ora)'), description: t('Консултация по търговско право', 'Consulenza di diritto commerciale'), price: 95.5 },
    { code: 'REG-01', name: t('Регистрация на фирма', 'Costituzione di società'), description: t('Учредяване на ЕООД/ООД', 'Costituzione di S.r.l.'), price: 350 },
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
  if (manager) {
    await insertLogged(tx, invoiceSettings, 'InvoiceSettings', [
      { currencyId: eur.id, vatTypeId: vat20.id, paymentTypeId: transfer.id, signerId: manager.id, signers: signers.map((u) => u.id) },
    ]);
  }

  const registers = { invoice: 1, proforma: 1 };
  for (const [kind, next] of Object.entries(registers)) {
    await tx.insert(numberRegisters).values({ kind, next }).onConflictDoUpdate({ target: numberRegisters.kind, set: { next } });
  }
  await writeLog(tx, { name: 'RegisterNumbers', model: 'number_registers', type: 'update', action: 'seed', new: { invoices: registers.invoice, proformaInvoices: registers.proforma } });
}
