import type { Client, Office, OfficeContact } from '@kantora/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Localized } from '../../db/schema/index.ts';
import { companies, type officeContacts, type offices, users } from '../../db/schema/index.ts';
import { iso } from '../../http/dto.ts';

/** `{ bg, it }` full name of the user whose id is in `idColumn`, or null. */
export const userNameOf = (idColumn: SQL | typeof companies.referentId): SQL<Localized | null> =>
  sql<Localized | null>`(select jsonb_build_object('bg', trim(${users.firstName}->>'bg' || ' ' || (${users.lastName}->>'bg')), 'it', trim(${users.firstName}->>'it' || ' ' || (${users.lastName}->>'it'))) from ${users} where ${users.id} = ${idColumn})`;

/** Every column of a client but the generated search columns. */
export const companyColumns = {
  id: companies.id,
  name: companies.name,
  bulstat: companies.bulstat,
  vatNumber: companies.vatNumber,
  responsiblePerson: companies.responsiblePerson,
  status: companies.status,
  phone: companies.phone,
  email: companies.email,
  comment: companies.comment,
  referentId: companies.referentId,
  notificationsEmails: companies.notificationsEmails,
  subscription: companies.subscription,
  clientUsers: companies.clientUsers,
  managingUsers: companies.managingUsers,
  managingUsersAll: companies.managingUsersAll,
  paymentTermDays: companies.paymentTermDays,
  noReminders: companies.noReminders,
  created: companies.created,
  createdBy: companies.createdBy,
  createdByName: companies.createdByName,
  updated: companies.updated,
};
export type CompanyRow = { [K in keyof typeof companyColumns]: (typeof companies.$inferSelect)[K] };

/** The full client (GET /api/companies/{id}, the save answer, the Log's documents). */
export function companyDto(row: CompanyRow, referentName: Localized | null = null): Client {
  return {
    _id: row.id,
    name: row.name,
    bulstat: row.bulstat,
    vatNumber: row.vatNumber,
    responsiblePerson: row.responsiblePerson,
    status: row.status,
    phone: row.phone,
    email: row.email,
    comment: row.comment,
    referent: row.referentId,
    referentName,
    notificationsEmails: row.notificationsEmails,
    subscription: row.subscription,
    clientUsers: row.clientUsers,
    managingUsers: row.managingUsers,
    managingUsersAll: row.managingUsersAll,
    paymentTermDays: row.paymentTermDays,
    noReminders: row.noReminders,
    created: iso(row.created),
    createdBy: row.createdBy,
    createdByName: row.createdByName ?? { bg: '', it: '' },
    updated: iso(row.updated),
  };
}
export type CompanyDto = Client;

/** A row of the clients list. */
export const clientListColumns = {
  _id: companies.id,
  name: companies.name,
  bulstat: companies.bulstat,
  vatNumber: companies.vatNumber,
  phone: companies.phone,
  email: companies.email,
  status: companies.status,
  /** The billing editor's client picker fills a new document's due date from it. */
  paymentTermDays: companies.paymentTermDays,
};

export type OfficeRow = typeof offices.$inferSelect;
export type ContactRow = typeof officeContacts.$inferSelect;

export function contactDto(row: ContactRow): OfficeContact {
  return {
    _id: row.id,
    officeId: row.officeId,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    position: row.position,
    phone: row.phone,
    email: row.email,
    created: iso(row.created),
    updated: iso(row.updated),
  };
}
export type ContactDto = OfficeContact;

export function officeDto(row: OfficeRow, contacts?: ContactRow[]): Office {
  return {
    _id: row.id,
    company: row.companyId,
    isHeadquarters: row.isHeadquarters,
    country: row.country,
    countryCode: row.countryCode ?? null,
    state: row.state,
    city: row.city,
    street: row.street,
    zipCode: row.zipCode,
    phone: row.phone,
    email: row.email,
    created: iso(row.created),
    updated: iso(row.updated),
    ...(contacts ? { contacts: contacts.map(contactDto) } : {}),
  };
}
export type OfficeDto = Office;
