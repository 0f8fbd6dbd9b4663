import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListControls } from './list-panel';

describe('useListControls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const first = { sort: 'date' as 'date' | 'name', order: 'desc' as const, page: 1 };

  it('sends the search once typing rests, trimmed, and starts again at page 1', () => {
    const { result } = renderHook(() => useListControls(first));
    act(() => result.current.setPage(3));
    act(() => result.current.setSearch('  Alpha '));
    expect(result.current.search).toBe('  Alpha ');
    expect(result.current.page).toBe(1);
    expect(result.current.q).toBe('');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.q).toBe('Alpha');
  });

  it('sorts a new column ascending, the same one the other way, or as the phone menu says; each from page 1', () => {
    const { result } = renderHook(() => useListControls(first));
    act(() => result.current.setPage(2));
    act(() => result.current.sort.onSort('name'));
    expect([result.current.sort.key, result.current.sort.order, result.current.page]).toEqual(['name', 'asc', 1]);
    act(() => result.current.sort.onSort('name'));
    expect(result.current.sort.order).toBe('desc');
    act(() => result.current.sort.onSort('date', 'asc'));
    expect([result.current.sort.key, result.current.sort.order]).toEqual(['date', 'asc']);
  });

  it('counts pages from the total (at least one) and restarts on a filter', () => {
    const { result } = renderHook(() => useListControls(first));
    expect(result.current.pager(0, 10, 'Pages').pages).toBe(1);
    expect(result.current.pager(21, 10, 'Pages')).toMatchObject({ page: 1, pages: 3, label: 'Pages' });
    act(() => result.current.pager(21, 10, 'Pages').onChange(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.restart());
    expect(result.current.page).toBe(1);
  });
});
