import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { lazySchemas } from './lazy-schemas';

const nameSchema = z.object({ name: z.string().check(z.minLength(1, 'Name is required.')) });

describe('lazySchemas', () => {
  it('waits for the first load, then validates at once with the same messages', async () => {
    const importModule = vi.fn(() => Promise.resolve({ nameSchema }));
    const schemas = lazySchemas(importModule);
    const validate = schemas.resolver((m) => m.nameSchema);

    expect(() => schemas.get()).toThrow();
    const first = validate({ name: '' });
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({ name: 'Name is required.' });

    expect(validate({ name: '' })).toEqual({ name: 'Name is required.' });
    expect(validate({ name: 'Layers' })).toEqual({});
    expect(schemas.get().nameSchema).toBe(nameSchema);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('blocks the submit and says so when the load fails, and loads again next time', async () => {
    const importModule = vi
      .fn<() => Promise<{ nameSchema: typeof nameSchema }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ nameSchema });
    const schemas = lazySchemas(importModule);
    const validate = schemas.resolver((m) => m.nameSchema);

    // Valid input, yet the form may not pass unchecked: an error on no input of its own.
    const failed = await validate({ name: 'Layers' });
    expect(Object.keys(failed)).toHaveLength(1);
    expect(failed).not.toHaveProperty('name');
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toContain(
      'Could not reach the server. Check your connection and try again.',
    );

    expect(await validate({ name: 'Layers' })).toEqual({});
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('preload starts the load once and swallows a failure', async () => {
    const importModule = vi.fn(() => Promise.reject(new TypeError('offline')));
    const schemas = lazySchemas(importModule);
    schemas.preload();
    await vi.waitFor(() => expect(importModule).toHaveBeenCalledTimes(1));
    await expect(schemas.load()).rejects.toThrow('offline');
  });
});
