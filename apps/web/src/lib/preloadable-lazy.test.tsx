import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const Page = preloadableLazy(async () => ({ default: Greeting }));
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Maria" />
      </Suspense>,
    );
    // The first commit already holds the page (a plain React.lazy would show the fallback first).
    expect(screen.getByText('Hello Maria')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends like React.lazy when not preloaded, and loads its module once', async () => {
    let loads = 0;
    const Page = preloadableLazy(async () => {
      loads += 1;
      return { default: Greeting };
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Ivan" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ivan')).toBeInTheDocument();
    await act(() => Page.preload());
    expect(loads).toBe(1);
  });
});
