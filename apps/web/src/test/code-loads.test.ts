import { describe, expect, it } from 'vitest';
import { settleCodeLoads, trackCodeLoads } from './code-loads';

describe('trackCodeLoads', () => {
  it('waits for a nested screen’s code the router started, and keeps what it answers', async () => {
    let arrived = false;
    const load = () => new Promise<{ Component: () => null }>((resolve) => setTimeout(() => {
      arrived = true;
      resolve({ Component: () => null });
    }, 20));
    const [root] = trackCodeLoads([{ path: '/', children: [{ path: 'inventory', lazy: load }] }]);
    const lazy = root?.children?.[0]?.lazy;
    if (typeof lazy !== 'function') throw new Error('the nested route lost its lazy');
    const started = lazy();
    expect(arrived).toBe(false);
    await settleCodeLoads();
    expect(arrived).toBe(true);
    expect(await started).toHaveProperty('Component');
  });

  it('settles on a load that failed', async () => {
    const [route] = trackCodeLoads([{ path: '/x', lazy: () => Promise.reject(new Error('offline')) }]);
    const started = typeof route?.lazy === 'function' ? route.lazy() : undefined;
    await expect(started).rejects.toThrow('offline');
    await settleCodeLoads();
  });
});
