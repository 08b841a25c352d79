import { act, screen } from '@testing-library/react';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { pageLoader, PartyPage } from '../../test/party-page.tsx';
import { renderWithProviders } from '../../test/render.tsx';
import { CustomerCard, type PartyChoiceValues } from './party-choice-cards.tsx';

describe('CustomerCard', () => {
  it("brings the bank dialog's texts with it: choosing a client never sends the page back to its loader", async () => {
    let methods: UseFormReturn<PartyChoiceValues> | undefined;
    renderWithProviders(
      <PartyPage
        form={(form) => {
          methods = form;
        }}
      >
        <CustomerCard saved={null} editable />
      </PartyPage>,
    );
    expect(await screen.findByText('Получател')).toBeVisible();
    const before = pageLoader.shown;
    // The client chosen (as the picker sets it): the bank dialog mounts for its accounts.
    act(() =>
      methods?.setValue('customer', { _id: '22222222-2222-4222-8222-222222222222', name: { bg: 'Бета', it: 'Beta' } }),
    );
    expect(await screen.findByRole('button', { name: 'Избери сметка' })).toBeVisible();
    expect(screen.getByText('Бета')).toBeVisible();
    expect(screen.queryByText('page loader')).toBeNull();
    expect(pageLoader.shown).toBe(before);
  });
});
