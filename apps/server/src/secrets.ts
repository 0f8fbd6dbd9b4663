import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A server secret: the configured value when set (every process behind one load balancer
 * shares it), else one made once and kept in DATA_DIR/secrets/<file>, else (an in-memory
 * database) one for this process.
 */
export async function keptSecret(configured: string | undefined, dataDir: string, file: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  if (dataDir.startsWith('memory://')) return randomBytes(32);
  const keyFile = path.join(dataDir, 'secrets', file);
  try {
    return Buffer.from(await readFile(keyFile, 'utf8'), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32);
  try {
    await writeFile(keyFile, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(await readFile(keyFile, 'utf8'), 'base64url');
    throw error;
  }
}
