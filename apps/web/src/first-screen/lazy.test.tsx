import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('loads once, whether preloaded, rendered or both', async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }));
    const LazyGreeting = lazyWithPreload(load, (m) => m.Greeting);
    LazyGreeting.preload();
    LazyGreeting.preload();
    render(
      <Suspense fallback="Loading">
        <LazyGreeting name="Wanjiru" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Wanjiru')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('swallows a failed preload and loads again on render', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce({ Greeting });
    const LazyGreeting = lazyWithPreload(load, (m) => m.Greeting);
    LazyGreeting.preload();
    // The failure settles before anything renders, as it would on a phone that lost its signal.
    await new Promise((resolve) => setTimeout(resolve));
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback="Loading">
        <LazyGreeting name="Otieno" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello Otieno')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
