import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useProgressiveCount } from '../../../../../src/client/lib/components/use-progressive-count.ts';

function List({ total, first, commits }: { total: number; first: number; commits: number[] }) {
  const shown = useProgressiveCount(total, first);
  commits.push(shown);
  return <p data-testid="shown">{shown}</p>;
}

describe('useProgressiveCount', () => {
  afterEach(cleanup);

  it('renders the first items, then all of them', async () => {
    const renders: number[] = [];
    render(<List total={6} first={3} commits={renders} />);
    expect(renders[0]).toBe(3);
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('6'));
  });

  it('renders a short list at once, in one render', async () => {
    const renders: number[] = [];
    render(<List total={2} first={3} commits={renders} />);
    expect(screen.getByTestId('shown').textContent).toBe('2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(renders).toEqual([2]);
  });

  it('shows items that arrive later at once', async () => {
    const renders: number[] = [];
    const { rerender } = render(<List total={0} first={3} commits={renders} />);
    rerender(<List total={6} first={3} commits={renders} />);
    expect(screen.getByTestId('shown').textContent).toBe('6');
  });
});
