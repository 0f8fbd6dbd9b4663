import { ReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { localFileStorage, newFileKey, reportStorageFor } from './file-storage.js';

describe('localFileStorage', () => {
  it('keeps each farm’s files in its own folder, reads them back and removes them', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kuku-storage-'));
    const storage = localFileStorage(root);
    const key = newFileKey('csv');
    await storage.write(7, key, new TextEncoder().encode('a,b\n'));
    expect(await readdir(path.join(root, '7'))).toEqual([key]);
    const file = await storage.open(7, key);
    expect(file?.size).toBe(4);
    expect(await text(file!.stream)).toBe('a,b\n');
    expect(await storage.open(8, key)).toBeNull();
    await storage.remove(7, key);
    await storage.remove(7, key);
    expect(await readdir(path.join(root, '7'))).toEqual([]);
  });

  it('refuses any key it did not make, so no path leaves the farm folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kuku-storage-'));
    const storage = localFileStorage(root);
    for (const key of ['../../etc/passwd', '../7/x.pdf', `${newFileKey('pdf')}/..`, 'report.pdf', `${crypto.randomUUID()}.exe`, '']) {
      await expect(storage.write(7, key, new Uint8Array(1)), key).rejects.toThrow(/Refused a storage key/);
      await expect(storage.open(7, key), key).rejects.toThrow(/Refused a storage key/);
    }
    for (const farm of [0, -1, 1.5, Number.NaN]) await expect(storage.write(farm, newFileKey('pdf'), new Uint8Array(1))).rejects.toThrow();
    expect(await readdir(root)).toEqual([]);
  });

  it('gives an in-memory database a throwaway folder, gone on close', async () => {
    const storage = await reportStorageFor('memory://');
    const key = newFileKey('pdf');
    await storage.write(1, key, new Uint8Array([37, 80, 68, 70]));
    const file = await storage.open(1, key);
    // A local file opens as a file stream: its path says where it is.
    expect(file!.stream).toBeInstanceOf(ReadStream);
    const where = file!.stream instanceof ReadStream ? String(file!.stream.path) : '';
    file!.stream.destroy();
    expect((await readFile(where)).toString()).toBe('%PDF');
    await storage.close();
    await expect(readFile(where)).rejects.toThrow(/ENOENT/);
  });
});
