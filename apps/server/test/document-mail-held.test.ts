/**
 * Sending a document with no mail server configured (the embedded default): the message is stored as held and the
 * answer says so (`mail_held`), never that it was queued for sending.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, BASE, type BillingSetup, createDraft, issue, setUpBilling, t } from './billing-fixtures.ts';
import { createClient } from './clients-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
let invoiceId: string;

beforeAll(async () => {
  s = await setUpBilling();
  const client = await createClient(s.ctx, {
    name: t('Задържан ООД', 'Trattenuto Srl'),
    notificationsEmails: ['office@held.test'],
  });
  const draft = await createDraft(s, 'invoice', {
    customerId: client._id,
    customerBank: null,
    providerBank: s.providerBank,
    providerBank2: s.providerBank2,
  });
  await addItem(s, 'invoice', draft._id, 100, 1);
  invoiceId = (await issue(s, 'invoice', draft._id))._id;
});

afterAll(() => s?.ctx.close());

describe('sending a document without a mail server', () => {
  it('stores the message as held and answers mail_held', async () => {
    const response = await call(
      s.ctx,
      'POST',
      `${BASE.invoice}/sendByMail`,
      { invoiceId, to: ['office@held.test'], language: 'bg', layout: 'invoice', attachXml: false },
      s.ctx.users.manager.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.Message).toBe('mail_held');
    expect(response.body.Result.state).toBe('held');
  });
});
