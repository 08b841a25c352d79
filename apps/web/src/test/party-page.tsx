import { type ReactNode, Suspense } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import type { PartyChoiceValues } from '../components/entities/party-choice-cards.tsx';

/**
 * The party cards in their form under a page's Suspense boundary that counts how often its loader is shown: the
 * cards' tests check that a card, once shown, never sends the page back to it. Each card has a file of its own, so
 * that each starts without the namespaces another card loaded.
 */
export const pageLoader = { shown: 0 };

function PageLoader() {
  pageLoader.shown += 1;
  return <p>page loader</p>;
}

/** The cards' form; `form` receives its methods (to choose a client as the picker would). */
export function PartyPage({
  children,
  form,
}: {
  children: ReactNode;
  form?: (methods: UseFormReturn<PartyChoiceValues>) => void;
}) {
  return (
    <Suspense fallback={<PageLoader />}>
      <PartyForm form={form}>{children}</PartyForm>
    </Suspense>
  );
}

function PartyForm({
  children,
  form,
}: {
  children: ReactNode;
  form?: (methods: UseFormReturn<PartyChoiceValues>) => void;
}) {
  const methods = useForm<PartyChoiceValues>({
    defaultValues: { providerBank: null, providerBank2: null, customer: null, customerBank: null },
  });
  form?.(methods);
  return <FormProvider {...methods}>{children}</FormProvider>;
}
