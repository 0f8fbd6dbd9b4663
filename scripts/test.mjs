#!/usr/bin/env node
// `npm test`: build once (unless KUKU_BUILT=1 says the caller just did), then each suite in turn, timed. Stops at the first suite that fails.
// With KUKU_STAGE_TIMES=<file>, each stage's seconds are appended to that file (`.ci/run` prints
// them as one table with its own stages); with KUKU_TEST_REPORTS=<dir>, each runner also writes a
// JSON report there (scripts/slowest-tests.mjs reads them).
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const reports = process.env.KUKU_TEST_REPORTS ? path.resolve(process.env.KUKU_TEST_REPORTS) : undefined;
if (reports) mkdirSync(reports, { recursive: true });

function vitest(project) {
  const json = reports ? ['--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest-${project}.json`] : [];
  return ['npx', ['vitest', 'run', '--project', project === 'domain' ? project : `${project}*`, ...json]];
}

const stages = [
  // KUKU_BUILT=1: the caller has just built (CI builds beside its lint).
  ...(process.env.KUKU_BUILT ? [] : [['build', ['npm', ['run', 'build']]]]),
  ['unit: domain', vitest('domain')],
  ['unit: server', vitest('server')],
  ['unit: web', vitest('web')],
  ['e2e', ['npm', ['run', 'test:e2e', ...(reports ? ['--', '--reporter=line,json'] : [])]]],
];

const times = [];
let failed;
for (const [name, [command, args]] of stages) {
  const started = Date.now();
  const env = reports ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json` } : process.env;
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = Math.round((Date.now() - started) / 1000);
  times.push([name, seconds]);
  if (process.env.KUKU_STAGE_TIMES) appendFileSync(process.env.KUKU_STAGE_TIMES, `${name}\t${seconds}\n`);
  if (status !== 0) {
    failed = name;
    break;
  }
}

const table = times.map(([name, seconds]) => `  ${name.padEnd(14)} ${String(seconds).padStart(5)}\n`).join('');
process.stdout.write(`\nnpm test, seconds per stage:\n${table}`);
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exit(1);
}
