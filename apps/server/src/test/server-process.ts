import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { serverRoot } from '../paths.js';

/**
 * V8 flags for the processes tests start. The embedded database is 9 MB of WebAssembly that each
 * process compiles anew; a test's process lives seconds, so the optimising tier's compile never
 * pays back: the baseline compiler alone runs the same code (decision 057). Production starts
 * without it. Vitest's own workers take the same flags (vitest.config.ts).
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];

export const builtServer = path.join(serverRoot, 'dist/src/server.js');

/** Tests of the real process need `npm run build` first; say so plainly. */
export function assertBuilt(): void {
  if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build first`);
}

/**
 * A new DATA_DIR holding a migrated embedded database, for a test whose subject is not a first
 * start: a copy of the one global-setup made, so the process skips creating and migrating a
 * database (about 3 s of CPU each time, decision 058). Empty when the suite runs on PostgreSQL.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = inject('migratedDataDir');
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** The built server on `port`; an undefined env value unsets it (DATABASE_URL for an embedded-only test). */
export function startServer(env: Record<string, string | undefined>, port: number): RunningServer {
  const merged: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000', WEB_DIST: '/nonexistent', PORT: String(port), ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, builtServer], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitHealthy(server: RunningServer, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not healthy in ${timeoutMs} ms: ${server.output()}`);
}

/** An operator command of the built server (dist/src/scripts/<name>.js). */
export function builtScript(name: 'migrate' | 'seed-demo' | 'admin' | 'backup' | 'restore'): string {
  return path.join(serverRoot, `dist/src/scripts/${name}.js`);
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** From spawn to exit. */
  ms: number;
}

/** Runs a built command to its end, with `input` on stdin (closed after); an undefined env value unsets it. */
export function runScript(name: Parameters<typeof builtScript>[0], args: string[], env: Record<string, string | undefined>, input = ''): Promise<CliRun> {
  const began = Date.now();
  const merged: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, builtScript(name), ...args], { env: merged, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - began })));
}
