import { makeEik } from '@kantora/domain';
import { call, type TestContext } from './helpers.ts';

export const t = (bg: string, it: string) => ({ bg, it });
export const errorsOf = (body: { Errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.Errors ?? []).map((e) => [e.field, e.message]));

let serial = 10_000_000 + Math.floor(Math.random() * 80_000_000);
/** A fresh valid 9-digit EIK. */
export function nextEik(): string {
  serial += 1;
  return makeEik(String(serial));
}

export const headquarters = (extra: object = {}) => ({
  country: t('България', 'Bulgaria'),
  city: t('София', 'Sofia'),
  street: t('ул. Шипка 1', 'via Shipka 1'),
  phone: '+359 2 123 4567',
  email: 'office@example.bg',
  ...extra,
});

/** The body of a new client: company fields with a valid EIK and BG VAT number, and its first office. */
export function newClient(extra: Record<string, unknown> = {}): Record<string, any> {
  const bulstat = nextEik();
  return {
    name: t(`Клиент ${bulstat}`, `Cliente ${bulstat}`),
    bulstat,
    vatNumber: `BG${bulstat}`,
    office: headquarters(),
    ...extra,
  };
}

/** Creates a client as the admin; answers the saved client. */
export async function createClient(ctx: TestContext, extra: Record<string, unknown> = {}) {
  const response = await call(ctx, 'POST', '/api/companies/save', newClient(extra));
  if (response.status !== 200) throw new Error(`client not created: ${JSON.stringify(response.body)}`);
  return response.body.Result as { _id: string; office: { _id: string }; bank: { _id: string } | null } & Record<
    string,
    unknown
  >;
}

/** A BGN currency (the banks need one). */
export async function createCurrency(ctx: TestContext): Promise<string> {
  const response = await call(ctx, 'POST', '/api/settings/currencies/save', {
    name: t('Лев', 'Lev'),
    code: 'BGN',
    exchangeRate: 1,
  });
  return response.body.Result._id;
}

export const IBAN = 'BG32UNCR70001520345678';
