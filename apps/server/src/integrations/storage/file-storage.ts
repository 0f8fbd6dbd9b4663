/**
 * Where report files and profile pictures live (docs/design.md §6): an owner's files (a farm's reports,
 * a user's pictures) under their own folder, behind an interface an S3-compatible store can take
 * over (docs/design.md §8). Keys are made by the server (a UUID and an extension), never from a name a
 * user typed.
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

/** `ownerId` names the folder: the farm for reports, the user for profile pictures. */
export interface FileStorage {
  write(ownerId: number, key: string, bytes: Uint8Array): Promise<void>;
  /** The file, or null when there is none. */
  open(ownerId: number, key: string): Promise<StoredFile | null>;
  /** Removing a file that is not there is not an error. */
  remove(ownerId: number, key: string): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|csv|xlsx|webp)$/;

/** A new key for a file of `extension`. */
export const newFileKey = (extension: 'pdf' | 'csv' | 'xlsx' | 'webp') => `${crypto.randomUUID()}.${extension}`;

/** Files on the local disk: `<root>/<owner id>/<key>`. */
export function localFileStorage(root: string, options: { removeRootOnClose?: boolean } = {}): FileStorage {
  const base = path.resolve(root);
  const fileOf = (ownerId: number, key: string) => {
    if (!Number.isSafeInteger(ownerId) || ownerId < 1 || !KEY.test(key)) throw new Error(`Refused a storage key: ${ownerId}/${key}`);
    const folder = path.join(base, String(ownerId));
    return { folder, file: path.join(folder, key) };
  };
  return {
    async write(ownerId, key, bytes) {
      const { folder, file } = fileOf(ownerId, key);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${file}.part`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    },
    async open(ownerId, key) {
      const { file } = fileOf(ownerId, key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(ownerId, key) {
      const { file } = fileOf(ownerId, key);
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

/** The profile pictures' storage for a data directory (`DATA_DIR/pictures`); a throwaway folder for an in-memory database. */
export async function pictureStorageFor(dataDir: string): Promise<FileStorage> {
  if (dataDir.startsWith('memory://')) return localFileStorage(await mkdtemp(path.join(os.tmpdir(), 'kuku-pictures-')), { removeRootOnClose: true });
  return localFileStorage(path.join(dataDir, 'pictures'));
}
