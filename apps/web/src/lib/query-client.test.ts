import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from './api-client';
import { createQueryClient } from './query-client';

afterEach(() => vi.restoreAllMocks());

describe('createQueryClient', () => {
  it('starts offline when the browser says so, so queries wait for the signal', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('tries a change with no signal at once, and fails it with the form’s message rather than wait unseen', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createQueryClient();
    const save = vi.fn(() => Promise.reject(new NetworkError()));
    const observer = new MutationObserver(client, { mutationFn: save });
    await expect(observer.mutate()).rejects.toBeInstanceOf(NetworkError);
    expect(save).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });
});
