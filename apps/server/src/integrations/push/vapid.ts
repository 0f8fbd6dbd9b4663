/**
 * The server's VAPID key pair (docs/integrations.md §4): the environment's when set, else one made once
 * and kept in DATA_DIR/vapid.json (mode 0600), else (an in-memory database) one per process.
 * Browsers bind their subscriptions to the public key, so a new pair silently orphans every
 * subscription: a damaged file stops the start instead of being replaced.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.js';

export interface VapidKeys {
  /** Base64url, the 65-byte uncompressed P-256 point the browser gets as applicationServerKey. */
  publicKey: string;
  /** Base64url, 32 bytes. Never logged, never sent. */
  privateKey: string;
  /** `mailto:` or `https:`; the push service's contact for this sender. */
  subject: string;
}

export const VAPID_FILE = 'vapid.json';

const fileSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

// One pair per in-memory database name, so two calls in one process agree.
const inMemory = new Map<string, { publicKey: string; privateKey: string }>();

/** Why the pair is unusable, or null; the message never quotes a key. */
function pairProblem(publicKey: string, privateKey: string): string | null {
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = Buffer.from(privateKey, 'base64url');
  if (pub.length !== 65 || pub[0] !== 0x04) return 'the public key is not a 65-byte uncompressed P-256 point';
  if (priv.length !== 32) return 'the private key is not 32 bytes';
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(priv);
  } catch {
    return 'the private key is not a P-256 key';
  }
  if (!ecdh.getPublicKey().equals(pub)) return 'the public key does not belong to the private key';
  return null;
}

async function readPair(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = fileSchema.safeParse(json);
  const problem = parsed.success ? pairProblem(parsed.data.publicKey, parsed.data.privateKey) : 'it is not {"publicKey","privateKey"} JSON';
  if (problem || !parsed.success) {
    throw new Error(
      `${file} is damaged (${problem ?? 'unreadable'}). Restore it from a backup, or delete it to make a new pair: every browser then has to subscribe again.`,
    );
  }
  return { publicKey: parsed.data.publicKey, privateKey: parsed.data.privateKey };
}

/**
 * Written whole to a temporary file, then hard-linked into place: link() fails if the name
 * exists, so two processes starting at once keep the first pair, and no reader sees half a file.
 */
async function keepNewPair(file: string): Promise<{ publicKey: string; privateKey: string }> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
    return { publicKey, privateKey };
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
      const theirs = await readPair(file);
      if (theirs) return theirs;
    }
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

export async function vapidKeys(push: Config['push'], dataDir: string): Promise<VapidKeys> {
  const { subject } = push;
  if (push.publicKey && push.privateKey) {
    const problem = pairProblem(push.publicKey, push.privateKey);
    if (problem) throw new Error(`VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: ${problem}`);
    return { publicKey: push.publicKey, privateKey: push.privateKey, subject };
  }
  if (dataDir.startsWith('memory://')) {
    let pair = inMemory.get(dataDir);
    if (!pair) {
      const { publicKey, privateKey } = webpush.generateVAPIDKeys();
      pair = { publicKey, privateKey };
      inMemory.set(dataDir, pair);
    }
    return { ...pair, subject };
  }
  const file = path.join(dataDir, VAPID_FILE);
  const pair = (await readPair(file)) ?? (await keepNewPair(file));
  return { ...pair, subject };
}
