import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { changedCount, diffDocuments, flattenDocument } from './log-diff.ts';
import { LogDiffTable } from './log-diff-table.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('settings');
});

const before = { name: { bg: 'Лев', it: 'Lev' }, rate: 1, signers: ['a', 'b'], address: {}, note: null, gone: 'x' };
const after = { name: { bg: 'Лев', it: 'Leva' }, rate: 1.5, signers: ['a'], address: {}, note: null, added: true };

describe('flattenDocument', () => {
  it('walks objects and lists into dotted paths, keeps empty ones and nulls as values', () => {
    expect(Object.fromEntries(flattenDocument(before))).toEqual({
      'name.bg': 'Лев',
      'name.it': 'Lev',
      rate: '1',
      'signers.0': 'a',
      'signers.1': 'b',
      address: '{}',
      note: 'null',
      gone: 'x',
    });
    expect(flattenDocument(null).size).toBe(0);
    expect(flattenDocument(undefined).size).toBe(0);
  });
});

describe('diffDocuments', () => {
  it('marks changed, added, removed and kept values, removed ones beside their old neighbours', () => {
    const rows = diffDocuments(before, after);
    const byPath = Object.fromEntries(rows.map((row) => [row.path, row.change]));
    expect(byPath).toEqual({
      'name.bg': 'same',
      'name.it': 'changed',
      rate: 'changed',
      'signers.0': 'same',
      'signers.1': 'removed',
      address: 'same',
      note: 'same',
      added: 'added',
      gone: 'removed',
    });
    expect(rows.map((row) => row.path)).toEqual([
      'name.bg',
      'name.it',
      'rate',
      'signers.0',
      'signers.1',
      'address',
      'note',
      'gone',
      'added',
    ]);
    expect(changedCount(rows)).toBe(5);
  });

  it('handles a missing old document (created) and a missing new one (deleted)', () => {
    expect(diffDocuments(null, { a: 1 })).toEqual([{ path: 'a', old: undefined, new: '1', change: 'added' }]);
    expect(diffDocuments({ a: 1 }, null)).toEqual([{ path: 'a', old: '1', new: undefined, change: 'removed' }]);
    expect(diffDocuments(null, null)).toEqual([]);
  });
});

describe('LogDiffTable', () => {
  it('highlights the changed fields and shows only them for an update until asked for all', async () => {
    const { container } = renderWithProviders(<LogDiffTable oldDocument={before} newDocument={after} />);
    expect(screen.getByText('Променени полета: 5 от 9')).toBeInTheDocument();
    const rows = () => [...container.querySelectorAll('tbody tr')];
    expect(rows().map((row) => row.getAttribute('data-change'))).toEqual([
      'changed',
      'changed',
      'removed',
      'removed',
      'added',
    ]);
    const rate = rows().find((row) => row.textContent?.startsWith('rate'));
    expect(rate?.textContent).toContain('променено');
    expect(rate?.textContent).toContain('1.5');
    await userEvent.click(screen.getByRole('switch', { name: 'Само промените' }));
    expect(rows()).toHaveLength(9);
    expect(rows().filter((row) => row.getAttribute('data-change') === 'same')).toHaveLength(4);
  });

  it('shows every field of a created record as added, and says when nothing was recorded', () => {
    const { container, unmount } = renderWithProviders(
      <LogDiffTable oldDocument={null} newDocument={{ code: 'USD', rate: 1.8 }} />,
    );
    expect([...container.querySelectorAll('tbody tr')].map((row) => row.getAttribute('data-change'))).toEqual([
      'added',
      'added',
    ]);
    unmount();
    renderWithProviders(<LogDiffTable oldDocument={null} newDocument={null} />);
    expect(screen.getByText('Към този запис няма запазени данни.')).toBeInTheDocument();
  });
});
