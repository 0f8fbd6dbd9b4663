import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/session';
import { forgetLastSynced, keepLastSynced, restoreLastSynced } from './keep';

const flocks = { items: [{ id: 7, name: 'Shamba A' }], total: 1 };

/** A phone that read the flocks under `token`, and kept them. */
async function readAndKept(token: string): Promise<void> {
  setToken(token);
  const queryClient = new QueryClient();
  const stop = keepLastSynced(queryClient);
  await queryClient.fetchQuery({ queryKey: ['flocks', 'list'], queryFn: () => flocks });
  await queryClient.fetchQuery({ queryKey: ['failing'], queryFn: () => Promise.reject(new Error('no')), retry: false }).catch(() => undefined);
  const fresh = new QueryClient();
  // Kept within a second of the answer.
  await waitFor(async () => expect(await restoreLastSynced(fresh)).toBe(true), { timeout: 3_000 });
  stop();
}

afterEach(() => vi.useRealTimers());

describe('the farm as last synced', () => {
  it('comes back in a new start of the same session, answers only', async () => {
    await readAndKept('tok-1');
    const restarted = new QueryClient();
    expect(await restoreLastSynced(restarted)).toBe(true);
    expect(restarted.getQueryData(['flocks', 'list'])).toEqual(flocks);
    expect(restarted.getQueryState(['failing'])).toBeUndefined();
  });

  it('keeps what an earlier start of the session read beside what this one reads', async () => {
    await readAndKept('tok-1');
    const later = new QueryClient();
    const stop = keepLastSynced(later);
    await later.fetchQuery({ queryKey: ['eggs', 'stats'], queryFn: () => ({ eggs: 30 }) });
    const restarted = new QueryClient();
    await waitFor(async () => {
      expect(await restoreLastSynced(restarted)).toBe(true);
      expect(restarted.getQueryData(['eggs', 'stats'])).toEqual({ eggs: 30 });
    }, { timeout: 3_000 });
    // The earlier start's flocks stay kept, and were never read back into the later start's cache.
    expect(restarted.getQueryData(['flocks', 'list'])).toEqual(flocks);
    expect(later.getQueryData(['flocks', 'list'])).toBeUndefined();
    stop();
  });

  it('is not shown to another session on the same phone', async () => {
    await readAndKept('tok-1');
    setToken('tok-2');
    const other = new QueryClient();
    expect(await restoreLastSynced(other)).toBe(false);
    expect(other.getQueryData(['flocks', 'list'])).toBeUndefined();
  });

  it('is gone at sign-out (useLogout forgets it)', async () => {
    await readAndKept('tok-1');
    await forgetLastSynced();
    expect(await restoreLastSynced(new QueryClient())).toBe(false);
  });

  it('is not shown after 30 days', async () => {
    await readAndKept('tok-1');
    vi.useFakeTimers({ now: Date.now() + 31 * 86_400_000, toFake: ['Date'] });
    expect(await restoreLastSynced(new QueryClient())).toBe(false);
  });
});
