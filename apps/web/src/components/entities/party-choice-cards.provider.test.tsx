import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageLoader, PartyPage } from '../../test/party-page.tsx';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { ProviderCard } from './party-choice-cards.tsx';

describe('ProviderCard', () => {
  it("brings the bank dialog's texts with it: once shown, the page never falls back to its loader", async () => {
    // The own company arrives after the card is shown; only then does the bank dialog mount (it needs the company).
    let answer: (response: Response) => void = () => undefined;
    const company = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    mockApi({ 'GET /api/metaData/getMyCompany': () => company });
    renderWithProviders(
      <PartyPage>
        <ProviderCard saved={null} editable />
      </PartyPage>,
    );
    expect(await screen.findByText('Доставчик')).toBeVisible();
    const before = pageLoader.shown;
    answer(ok({ _id: '11111111-1111-4111-8111-111111111111', name: { bg: 'Кантора ООД', it: 'Kantora Srl' } }));
    expect(await screen.findByRole('button', { name: 'Избери сметки' })).toBeVisible();
    expect(screen.getByText('Кантора ООД')).toBeVisible();
    expect(screen.queryByText('page loader')).toBeNull();
    expect(pageLoader.shown).toBe(before);
  });
});
