#!/usr/bin/env node
// `npm run check`: the typecheck and the lint in one pass, for CI. Each half builds the TypeScript
// programs of its workspaces once, reports their type errors as `tsc -p` would, and lends the same
// programs to ESLint's typed rules (typescript-eslint's `parserOptions.programs`), which would
// otherwise build them all again (decision 059). The two halves run side by side, one per core.
// `npm run lint` and `npm run typecheck` still run each alone.
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import ts from 'typescript';

/**
 * The halves: their tsconfigs (the programs) and what each lints. The first lints everything the
 * second does not, so a new workspace is linted whatever; a TypeScript file in no program of its
 * half fails the lint with typescript-eslint's own message, and the tsconfig goes here.
 */
const HALVES = {
  web: { tsconfigs: ['apps/web/tsconfig.json'], lint: ['apps/web'], ignore: [] },
  rest: {
    tsconfigs: ['packages/domain/tsconfig.json', 'apps/server/tsconfig.json', 'e2e/tsconfig.json'],
    // The repository's own TypeScript files at its root (vitest.config.ts), typed as the server's Node code is.
    rootFiles: { files: readdirSync('.').filter((file) => file.endsWith('.ts')), optionsOf: 'apps/server/tsconfig.json' },
    lint: ['.'],
    ignore: ['apps/web/**'],
  },
};

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};
const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: ts.sys.getCurrentDirectory, getNewLine: () => '\n' };

function parsed(tsconfig) {
  return ts.getParsedCommandLineOfConfigFile(tsconfig, {}, host);
}

async function runHalf(name) {
  const half = HALVES[name];
  const began = performance.now();
  const programs = half.tsconfigs.map((tsconfig) => {
    const config = parsed(tsconfig);
    return ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  });
  if (half.rootFiles) programs.push(ts.createProgram({ rootNames: half.rootFiles.files, options: parsed(half.rootFiles.optionsOf).options }));
  const diagnostics = programs.flatMap((program) => [...ts.getPreEmitDiagnostics(program)]);
  if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  const checked = performance.now();

  const eslint = new ESLint({
    overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false, programs } } },
    ignorePatterns: half.ignore,
  });
  const results = await eslint.lintFiles(half.lint);
  const report = await (await eslint.loadFormatter('stylish')).format(results);
  if (report) process.stdout.write(report);
  // As `eslint .`: warnings are shown, errors fail.
  const problems = results.reduce((sum, r) => sum + r.errorCount, 0);
  const seconds = (ms) => (ms / 1000).toFixed(1);
  process.stdout.write(
    `check (${name}): ${diagnostics.length} type errors in ${seconds(checked - began)} s, ${problems} lint errors in ${results.length} files in ${seconds(performance.now() - checked)} s\n`,
  );
  return diagnostics.length === 0 && problems === 0;
}

const [half] = process.argv.slice(2);
if (half) {
  process.exitCode = (await runHalf(half)) ? 0 : 1;
} else {
  const codes = await Promise.all(
    Object.keys(HALVES).map((name) => new Promise((resolve) => fork(import.meta.filename, [name]).once('exit', resolve))),
  );
  if (codes.some((code) => code !== 0)) {
    console.error('check: type errors or lint errors above');
    process.exitCode = 1;
  }
}
