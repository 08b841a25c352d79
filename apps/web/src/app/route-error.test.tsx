import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error.tsx';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      count {count}
    </button>
  );
}

function Crash(): never {
  throw new Error('page failed');
}

describe('RouteErrorBoundary', () => {
  it('keeps its children mounted when the path changes', async () => {
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/clients">
        <Counter />
      </RouteErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'count 0' }));
    rerender(
      <RouteErrorBoundary resetKey="/contracts">
        <Counter />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'count 1' })).toBeInTheDocument();
  });

  it('shows the crash page, and recovers after navigating elsewhere', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/clients">
        <Crash />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Нещо се обърка');
    rerender(
      <RouteErrorBoundary resetKey="/contracts">
        <Counter />
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'count 0' })).toBeInTheDocument();
    log.mockRestore();
  });
});
