// A lazy part of the page that was preloaded renders at once: hydrating a server-rendered page after preload()
// (decision 0080) never leaves it waiting behind its Suspense fallback.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload.ts';

const Greeting = ({ name }: { name: string }) => <p>{`Namaste, ${name}`}</p>;

describe('lazyWithPreload', () => {
  it('renders a preloaded component in the first render, and loads it once', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Lazy name="Asha" />
      </Suspense>,
    );
    expect(screen.getByText('Namaste, Asha')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).toBeNull();
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('suspends until it loads when it was not preloaded', async () => {
    const Lazy = lazyWithPreload(async () => ({ default: Greeting }));
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Lazy name="Ravi" />
      </Suspense>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(await screen.findByText('Namaste, Ravi')).toBeInTheDocument();
  });
});
