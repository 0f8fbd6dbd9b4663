#!/usr/bin/env node
// The slowest tests of each runner, from the JSON reports `npm test` writes with
// KUKU_TEST_REPORTS=<dir>: `node scripts/slowest-tests.mjs <dir> [count]`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const count = Number(process.argv[3] ?? 20);
if (!dir) {
  console.error('usage: node scripts/slowest-tests.mjs <reports dir> [count]');
  process.exit(2);
}

function vitestTests(report) {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({ name: `${path.basename(file.name)} › ${test.fullName}`, ms: test.duration ?? 0 })),
  );
}

function vitestFiles(report) {
  return report.testResults.map((file) => ({ name: path.basename(file.name), ms: file.endTime - file.startTime }));
}

function playwrightTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        tests.push({ name: `${[...titles, spec.title].join(' › ')} [${test.projectName}]`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  return tests;
}

function print(title, rows) {
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  const lines = rows
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((row) => `${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.name}\n`);
  process.stdout.write(`\n${title}: ${rows.length}, ${(total / 1000).toFixed(0)} s summed over workers\n${lines.join('')}`);
}

for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  if (file.startsWith('vitest-')) {
    print(`${file} files`, vitestFiles(report));
    print(`${file} tests`, vitestTests(report));
  } else {
    print(`${file} tests`, playwrightTests(report));
  }
}
