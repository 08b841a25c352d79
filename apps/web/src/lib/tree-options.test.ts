import { describe, expect, it } from 'vitest';
import { treeOptions } from './tree-options.ts';

const entry = (id: string, bg: string, parent: string | null = null) => ({
  _id: id,
  name: { bg, it: `${bg} it` },
  parent,
});

describe('treeOptions', () => {
  it('puts each parent before its children, by name, with the depth', () => {
    const items = [
      entry('c', 'Фактури'),
      entry('a', 'Договори'),
      entry('a2', 'Анекси', 'a'),
      entry('a1', 'Рамкови', 'a'),
      entry('a11', 'Стари', 'a1'),
    ];
    expect(treeOptions(items, 'bg').map((option) => [option.label, option.depth])).toEqual([
      ['Договори', 0],
      ['Анекси', 1],
      ['Рамкови', 1],
      ['Стари', 2],
      ['Фактури', 0],
    ]);
  });

  it('shows the locale and keeps entries with a missing parent or a loop at the top', () => {
    const items = [entry('x', 'Б', 'gone'), entry('l1', 'Л1', 'l2'), entry('l2', 'Л2', 'l1')];
    const options = treeOptions(items, 'it');
    expect(options.map((option) => option.label)).toEqual(['Б it', 'Л1 it', 'Л2 it']);
    expect(options.map((option) => option.depth)).toEqual([0, 0, 1]);
  });
});
