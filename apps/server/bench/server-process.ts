import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/bench/server-process.js → dist/src/server.js: the built server, as `npm start` runs it. */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const serverEntry = path.resolve(benchDir, '../src/server.js');
/** apps/server: the server's working directory, as under `npm start`. */
export const serverRoot = path.resolve(benchDir, '../..');

const POLL_EVERY_MS = 20;
const STOP_TIMEOUT_MS = 15_000;

const running = new Set<ChildProcess>();

/** Last resort on exit or a crash: no server is left behind holding a port or a DATA_DIR. */
export function killAllServers(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  running.clear();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface ServerHandle {
  child: ChildProcess;
  baseUrl: string;
  logFile: string;
  /** From spawn to the first 200 of GET /api/health. */
  startMs: number;
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function healthOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts `node dist/src/server.js` with the given environment, its stdout and
 * stderr appended to logFile, and polls GET /api/health every 20 ms until the
 * first 200.
 */
export async function startServer(options: { env: NodeJS.ProcessEnv; port: number; logFile: string; timeoutMs: number }): Promise<ServerHandle> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} not found: build first (npm run build)`);
  const fd = openSync(options.logFile, 'a');
  const startedAt = performance.now();
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [serverEntry], { cwd: serverRoot, env: options.env, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  running.add(child);
  child.once('exit', () => running.delete(child));

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const healthUrl = `${baseUrl}/api/health`;
  const deadline = startedAt + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering; last lines of ${options.logFile}:\n${tail(options.logFile)}`);
    }
    if (await healthOk(healthUrl)) break;
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no 200 from ${healthUrl} within ${options.timeoutMs} ms; last lines of ${options.logFile}:\n${tail(options.logFile)}`);
    }
    await sleep(POLL_EVERY_MS);
  }
  return { child, baseUrl, logFile: options.logFile, startMs: performance.now() - startedAt };
}

/** SIGTERM, as a service manager stops it; SIGKILL if it has not exited within 15 s. */
export async function stopServer(server: ServerHandle): Promise<{ code: number | null; signal: NodeJS.Signals | null; forced: boolean }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode, forced: false };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
  });
  const first = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (first !== 'timeout') return { ...first, forced: false };
  child.kill('SIGKILL');
  return { ...(await exited), forced: true };
}

/**
 * Runs a built CLI of dist/src/scripts (e.g. 'seed-demo', as `npm run seed:demo` does) to its
 * end, its output appended to logFile; rejects on a non-zero exit.
 */
export async function runBuiltScript(name: string, options: { env: NodeJS.ProcessEnv; logFile: string }): Promise<void> {
  const script = path.resolve(benchDir, `../src/scripts/${name}.js`);
  if (!existsSync(script)) throw new Error(`${script} not found: build first (npm run build)`);
  const fd = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, [script], { cwd: serverRoot, env: options.env, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  running.add(child);
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
  });
  running.delete(child);
  if (code !== 0) throw new Error(`${name} exited with ${code ?? signal}; last lines of ${options.logFile}:\n${tail(options.logFile)}`);
}
