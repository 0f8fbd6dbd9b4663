import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../test/render';
import { SETTLED_MS, useSettled } from './use-settled';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useSettled', () => {
  it('waits for the first screen’s data, then for a quiet moment', async () => {
    const queryClient = createTestQueryClient();
    let answer!: (value: string) => void;
    void queryClient.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    const { result } = renderHook(() => useSettled(queryClient));

    await act(() => vi.advanceTimersByTimeAsync(SETTLED_MS * 3));
    expect(result.current).toBe(false);

    await act(async () => answer('data'));
    await act(() => vi.advanceTimersByTimeAsync(SETTLED_MS - 100));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current).toBe(true);
  });

  it('settles anyway on a screen that never stops fetching', async () => {
    const queryClient = createTestQueryClient();
    void queryClient.fetchQuery({ queryKey: ['forever'], queryFn: () => new Promise<string>(() => undefined) });
    const { result } = renderHook(() => useSettled(queryClient));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current).toBe(true);
  });
});
