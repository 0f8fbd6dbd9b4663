/**
 * Where report files live (DESIGN §6): a farm's files under their own folder, behind an
 * interface an S3-compatible store can take over (DESIGN §8). Keys are made by the server
 * (a UUID and an extension), never from a name a user typed.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  write(farmId: number, key: string, bytes: Uint8Array): Promise<void>;
  /** The file, or null when there is none. */
  open(farmId: number, key: string): Promise<StoredFile | null>;
  /** Removing a file that is not there is not an error. */
  remove(farmId: number, key: string): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|csv|xlsx)$/;

/** A new key for a file of `extension`. */
export const newFileKey = (extension: 'pdf' | 'csv' | 'xlsx') => `${crypto.randomUUID()}.${extension}`;

/** Files on the local disk: `<root>/<farm id>/<key>`. */
export function localFileStorage(root: string, options: { removeRootOnClose?: boolean } = {}): FileStorage {
  const base = path.resolve(root);
  const fileOf = (farmId: number, key: string) => {
    if (!Number.isSafeInteger(farmId) || farmId < 1 || !KEY.test(key)) throw new Error(`Refused a storage key: ${farmId}/${key}`);
    const folder = path.join(base, String(farmId));
    return { folder, file: path.join(folder, key) };
  };
  return {
    async write(farmId, key, bytes) {
      const { folder, file } = fileOf(farmId, key);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${file}.part`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    },
    async open(farmId, key) {
      const { file } = fileOf(farmId, key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(farmId, key) {
      const { file } = fileOf(farmId, key);
      await rm(file, { force: true });
    },
    async close() {
      if (options.removeRootOnClose) await rm(base, { recursive: true, force: true });
    },
  };
}

/** The reports' storage for a data directory; a throwaway folder for an in-memory database (tests). */
export async function reportStorageFor(dataDir: string): Promise<FileStorage> {
  if (dataDir.startsWith('memory://')) return localFileStorage(await mkdtemp(path.join(os.tmpdir(), 'kuku-reports-')), { removeRootOnClose: true });
  return localFileStorage(path.join(dataDir, 'reports'));
}
