import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyLoaded, loadModule } from '../../../../src/client/app/page-registry.ts';

const Page = ({ name }: { name: string }) => <p>page {name}</p>;

function renderInSuspense(Component: ReturnType<typeof lazyLoaded>, name: string) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Component name={name} />
    </Suspense>,
  );
}

describe('lazyLoaded', () => {
  it('renders a module the route preloader already loaded in the same pass, with no fallback', async () => {
    const loader = async () => ({ default: Page });
    await loadModule(loader);
    renderInSuspense(lazyLoaded(loader), 'one');
    expect(screen.getByText('page one')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('picks a named export', async () => {
    const loader = async () => ({ Named: Page });
    await loadModule(loader);
    renderInSuspense(
      lazyLoaded(loader, (module) => module.Named),
      'named',
    );
    expect(screen.getByText('page named')).toBeTruthy();
  });

  it('suspends as React.lazy does for a module not loaded yet, and remembers it once loaded', async () => {
    let resolve!: (module: { default: typeof Page }) => void;
    const loader = () => new Promise<{ default: typeof Page }>((done) => (resolve = done));
    renderInSuspense(lazyLoaded(loader), 'two');
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => resolve({ default: Page }));
    expect(await screen.findByText('page two')).toBeTruthy();
    // A second lazy component over the same loader (another route) renders at once.
    renderInSuspense(lazyLoaded(loader), 'three');
    expect(screen.getByText('page three')).toBeTruthy();
  });
});
