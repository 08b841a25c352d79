import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { ClientSearch } from './client-search.tsx';

const acme = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: { bg: 'Акме', it: 'Acme' },
  bulstat: '123456789',
  vatNumber: 'BG123456789',
};

describe('ClientSearch', () => {
  it('asks the server once after 300 ms of quiet, 15 a page, and gives the picked client', {
    timeout: 15_000,
  }, async () => {
    const { calls } = mockApi({ 'POST /api/companies/search': () => ok({ Items: [acme], Total: 1, Page: 1 }) });
    const onChange = vi.fn();
    renderWithProviders(<ClientSearch value={null} onChange={onChange} label="Клиент" />);
    await userEvent.type(await screen.findByRole('combobox', { name: 'Клиент' }), 'Акм');
    await screen.findByRole('option', { name: 'Акме (123456789)' });
    const searches = calls.filter((call) => call.url.endsWith('/api/companies/search'));
    expect(searches).toHaveLength(1);
    expect(JSON.parse(String(searches[0]?.init?.body))).toMatchObject({ name: 'Акм', page: 1, itemsPerPage: 15 });
    await userEvent.click(screen.getByRole('option', { name: 'Акме (123456789)' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(acme));
  });
});
