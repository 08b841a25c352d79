import { NoticeType } from '@kantora/domain';
import { useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { type BillingFormValues, type InvoiceDefaults, suggestedDeadline } from './billing-form.ts';

/**
 * A new document's due date follows its date, client and notice type (suggestedDeadline: date + the client's term,
 * else the defaults'), until the user picks a date of their own; a credit notice has none.
 */
export function useSuggestedDeadline(
  form: UseFormReturn<BillingFormValues, any, any>,
  defaults: InvoiceDefaults | null | undefined,
  active: boolean,
) {
  const [date, customer, noticeType] = useWatch({ control: form.control, name: ['date', 'customer', 'noticeType'] });
  const offered = useRef(form.getValues('paymentDeadlineDate'));
  useEffect(() => {
    if (!active) return;
    const current = form.getValues('paymentDeadlineDate');
    if (noticeType !== NoticeType.credit && current !== offered.current) return;
    const next = suggestedDeadline(date, customer, defaults, noticeType);
    offered.current = next;
    if (next !== current) form.setValue('paymentDeadlineDate', next, { shouldDirty: true });
  }, [active, date, customer, noticeType, defaults, form]);
}
