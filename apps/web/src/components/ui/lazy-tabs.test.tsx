import { Access } from '@kantora/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { LazyTabs } from './lazy-tabs.tsx';
import { type TabDef, tabsFor } from './tab-registry.ts';

interface PanelProps {
  owner: string;
}

let mounts = 0;
function Counter({ owner }: PanelProps) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {`${owner}: ${count}`}
    </button>
  );
}
function Mounted({ owner }: PanelProps) {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>{`second of ${owner}`}</p>;
}

const TABS: TabDef<PanelProps>[] = [
  { key: 'first', roles: [Access.admin, Access.employee], component: lazy(async () => ({ default: Counter })) },
  { key: 'second', roles: [Access.admin], component: lazy(async () => ({ default: Mounted })) },
];

describe('LazyTabs and the tab registry', () => {
  it('narrows the tabs to the access level', () => {
    expect(tabsFor(TABS, Access.employee).map((tab) => tab.key)).toEqual(['first']);
    expect(tabsFor(TABS, Access.client)).toEqual([]);
  });

  it('loads a panel on its first open and keeps it mounted, with its state, when switching', async () => {
    renderWithProviders(
      <LazyTabs tabs={TABS} panelProps={{ owner: 'X' }} idPrefix="t" label={(key) => `Tab ${key}`} ariaLabel="tabs" />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'X: 0' }));
    expect(screen.queryByText('second of X')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Tab second' }));
    expect(await screen.findByText('second of X')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Tab first' }));
    expect(screen.getByRole('button', { name: 'X: 1' })).toBeVisible();
    expect(screen.getByText('second of X')).not.toBeVisible();
    expect(mounts).toBe(1);
  });
});
