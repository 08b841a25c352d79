import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { ClientPicker } from './client-picker.tsx';

const rows = [
  {
    _id: '11111111-1111-4111-8111-111111111111',
    name: { bg: 'Акме', it: 'Acme' },
    bulstat: '123456789',
    vatNumber: 'BG123456789',
  },
  {
    _id: '22222222-2222-4222-8222-222222222222',
    name: { bg: 'Бета', it: 'Beta' },
    bulstat: '987654321',
    vatNumber: 'BG987654321',
  },
];

describe('ClientPicker', () => {
  it('lists the active clients by name and hands back the chosen one', { timeout: 15_000 }, async () => {
    const { calls } = mockApi({ 'POST /api/companies/list': () => ok({ Items: rows, Total: 2, Page: 1 }) });
    const onSelect = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<ClientPicker open onClose={onClose} onSelect={onSelect} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Избери: Бета' }));
    expect(onSelect).toHaveBeenCalledWith(rows[1]);
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({
      sortBy: 'name.bg',
      sortDesc: false,
      status: true,
    });
  });
});
