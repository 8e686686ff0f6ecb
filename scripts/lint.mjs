#!/usr/bin/env node
// Runs every lint check of the repository, reports each one, and fails if any failed.
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import os from 'node:os';
import {stripVTControlCharacters} from 'node:util';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {runCli, UsageError, wholeNumber} from './lib/cli.mjs';

const USAGE = `Usage: node scripts/lint.mjs [--fix] [--only NAME[,NAME...]] [--jobs N]

Runs the lint checks (npm run lint) and prints each tool's output and a summary:
  eslint       ESLint over code and config files (flat config eslint.config.mjs), no warning allowed
  prettier     Prettier --check over code, JSON and YAML, api/openapi.yaml included (.prettierignore)
  markdownlint markdownlint-cli2 over the pages, README and CONTRIBUTING (.markdownlint*.jsonc)
  cspell-en    spelling of the English pages, UI strings in src/ and api/openapi.yaml (en, en-GB)
  cspell-it    spelling of the Italian pages and UI strings under i18n/it (it)
  cspell-repo  spelling of README, CONTRIBUTING, the glossary and the PR template (en and it)
Word lists: cspell/project-words.txt (both languages), cspell/italian-words.txt (Italian run).

  --fix     fix what can be fixed instead (npm run format): eslint --fix, prettier --write,
            markdownlint-cli2 --fix; spelling is not fixed automatically
  --only    run only the named checks
  --jobs    checks run at the same time (default 2, or LINT_JOBS)
Exit status: 0 when every check passes, 1 when one fails, 2 on bad input.`;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The English pages and strings, checked with the English dictionaries. */
export const ENGLISH_FILES = ['docs/**/*.{md,mdx}', 'src/**/*.{md,mdx,ts,tsx}', 'api/openapi.yaml'];
/** The Italian pages and UI strings, checked with the Italian dictionary. */
export const ITALIAN_FILES = ['i18n/it/**/*.{md,mdx,json}'];
/** Repository documents that quote both languages. */
export const REPO_DOC_FILES = [
  'README.md',
  'CONTRIBUTING.md',
  'deploy/README.md',
  'i18n/GLOSSARY.md',
  '.github/**/*.md',
];

/** @param {string} locale @param {string[]} files @returns {[string, string[]]} */
const cspell = (locale, files) => ['cspell', ['--no-progress', '--show-suggestions', '--locale', locale, ...files]];

/**
 * The checks: name, tool (a binary of node_modules/.bin) and its arguments,
 * and the fixing variant where the tool has one.
 * @type {Array<{name: string, check: [string, string[]], fix?: [string, string[]]}>}
 */
export const CHECKS = [
  {
    name: 'eslint',
    check: ['eslint', ['--max-warnings', '0', '.']],
    fix: ['eslint', ['--fix', '--max-warnings', '0', '.']],
  },
  {name: 'prettier', check: ['prettier', ['--check', '.']], fix: ['prettier', ['--write', '--log-level', 'warn', '.']]},
  {name: 'markdownlint', check: ['markdownlint-cli2', []], fix: ['markdownlint-cli2', ['--fix']]},
  {name: 'cspell-en', check: cspell('en,en-GB', ENGLISH_FILES)},
  {name: 'cspell-it', check: cspell('it', ITALIAN_FILES)},
  {name: 'cspell-repo', check: cspell('en,en-GB,it', REPO_DOC_FILES)},
];

/**
 * Path of a tool's binary in node_modules/.bin.
 * @param {string} tool
 */
export function binary(tool, root = ROOT) {
  const file = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${tool}.cmd` : tool);
  if (!existsSync(file)) throw new Error(`${tool} is not installed: run npm ci`);
  return file;
}

/** @typedef {{code: number, output: string, seconds: number}} ToolResult */

/**
 * Runs one tool and collects its output: {code, output, seconds}.
 * @param {string} tool
 * @param {string[]} args
 * @param {{cwd?: string}} [options]
 * @returns {Promise<ToolResult>}
 */
export function runTool(tool, args, {cwd = ROOT} = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Plain output (it is captured, then printed): NO_COLOR, and no FORCE_COLOR, which some tools honour even at 0.
    /** @type {NodeJS.ProcessEnv} */
    const env = {...process.env, NO_COLOR: '1'};
    delete env.FORCE_COLOR;
    const child = spawn(binary(tool, ROOT), args, {cwd, env});
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({code: 1, output: `${output}${error.message}\n`, seconds: 0}));
    child.on('close', (code) => resolve({code: code ?? 1, output, seconds: (Date.now() - started) / 1000}));
  });
}

/**
 * One line telling what a tool found, taken from its own output.
 * @param {string} name
 * @param {{code: number, output: string}} result
 */
export function summaryLine(name, {code, output}) {
  // A tool may colour its output despite NO_COLOR: strip the colour codes first.
  const lines = stripVTControlCharacters(output).trim().split('\n');
  const last = (/** @type {RegExp} */ pattern) =>
    [...lines]
      .reverse()
      .find((line) => pattern.test(line))
      ?.trim();
  if (name === 'eslint') {
    return last(/\d+ problems? \(/) ?? (code === 0 ? '0 problems (0 errors, 0 warnings)' : 'failed');
  }
  if (name === 'prettier') {
    const unformatted = lines.filter((line) => /^\[warn\] (?!Code style issues)/.test(line)).length;
    return code === 0 ? 'all files formatted' : `${unformatted} file(s) not formatted`;
  }
  if (name === 'markdownlint') {
    const files = last(/^Linting: \d+ file/);
    const errors = last(/^Summary: \d+ error/);
    return [files, errors].filter(Boolean).join(', ') || 'failed';
  }
  return last(/^CSpell: Files checked/) ?? 'failed';
}

runCli(
  import.meta.url,
  {
    name: 'lint',
    usage: USAGE,
    options: {fix: {type: 'boolean'}, only: {type: 'string'}, jobs: {type: 'string'}},
  },
  async (/** @type {{fix?: boolean, only?: string, jobs?: string}} */ values) => {
    const fix = Boolean(values.fix);
    const only = values.only === undefined ? null : values.only.split(',').filter(Boolean);
    const jobs = wholeNumber('jobs', values.jobs ?? process.env.LINT_JOBS, 2);
    const unknown = only?.filter((name) => !CHECKS.some((c) => c.name === name)) ?? [];
    if (unknown.length) throw new UsageError(`unknown check: ${unknown.join(', ')}`);
    if (only?.length === 0 || jobs < 1) throw new UsageError('--only needs a check name, --jobs at least 1');
    const selected = CHECKS.filter((c) => !only || only.includes(c.name)).flatMap((c) => {
      const command = fix ? c.fix : c.check;
      return command ? [{name: c.name, command}] : [];
    });

    // Run up to `jobs` checks at a time; print each one's output in order as soon as it is known.
    /** @type {ToolResult[]} */
    const results = new Array(selected.length);
    /** @type {Array<((value?: unknown) => void) | null>} */
    const done = selected.map(() => null);
    let next = 0;
    const worker = async () => {
      while (next < selected.length) {
        const index = next++;
        const [tool, args] = selected[index].command;
        results[index] = await runTool(tool, args);
        done[index]?.();
      }
    };
    const finished = selected.map((_, index) => new Promise((resolve) => (done[index] = resolve)));
    const workers = Array.from({length: Math.min(jobs, Math.max(1, os.availableParallelism()))}, worker);
    for (const [index, check] of selected.entries()) {
      await finished[index];
      const result = results[index];
      const [tool, args] = check.command;
      console.log(`\n== ${check.name}: ${tool} ${args.join(' ')}`);
      if (result.output.trim()) console.log(result.output.trimEnd());
    }
    await Promise.all(workers);

    console.log(`\n== lint ${fix ? '--fix ' : ''}summary`);
    let failed = 0;
    for (const [index, check] of selected.entries()) {
      const result = results[index];
      if (result.code !== 0) failed++;
      const status = result.code === 0 ? 'ok  ' : 'FAIL';
      console.log(
        `${status} ${check.name.padEnd(13)} ${summaryLine(check.name, result)} (${result.seconds.toFixed(1)} s)`,
      );
    }
    if (fix) console.log('Spelling is not fixed automatically: run npm run lint to see what is left.');
    return failed ? 1 : 0;
  },
);
