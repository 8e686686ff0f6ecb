#!/usr/bin/env node
/**
 * Validates every built HTML page with the W3C Nu HTML Checker (vnu.jar from
 * the npm package vnu-jar), in one Java process over all files. Fails on any
 * error; warnings are counted and reported. Nothing is filtered except the
 * messages in IGNORED below, each with its reason.
 * Exit 0 no error, 1 errors (or the checker failed), 2 bad usage.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import vnuJar from 'vnu-jar';
import {runCli, UsageError} from './lib/cli.mjs';
import {listFiles} from './lib/files.mjs';

const usage = `Usage: node scripts/check-html.mjs [--dir build] [--verbose]

Runs the W3C Nu HTML Checker (vnu.jar, needs Java: Debian default-jre-headless)
over every .html file under DIR (default: build; run a build first).
  --dir DIR     the build folder (default: build)
  --verbose     list every warning, not only their counts
Exit status: 0 no error, 1 errors or the checker failed, 2 bad usage.`;

/**
 * Checker messages we accept, matched against the message text, each with why.
 * Empty: every page of both languages validates. Add an entry only with a reason.
 * @type {Array<{pattern: RegExp, reason: string}>}
 */
export const IGNORED = [];

/** @typedef {{type: string, subType?: string, message?: string, url?: string, lastLine?: number, extract?: string}} VnuMessage */

/**
 * Sorts vnu's JSON messages into errors and warnings (IGNORED left out).
 * vnu reports errors as type "error", checker failures as "non-document-error",
 * warnings as type "info" with subType "warning", and notes as plain "info".
 * @param {VnuMessage[]} messages
 */
export function classify(messages, ignored = IGNORED) {
  const errors = [];
  const warnings = [];
  const notes = [];
  for (const message of messages) {
    if (ignored.some(({pattern}) => pattern.test(message.message ?? ''))) continue;
    if (message.type === 'error' || message.type === 'non-document-error') errors.push(message);
    else if (message.type === 'info' && message.subType === 'warning') warnings.push(message);
    else notes.push(message);
  }
  return {errors, warnings, notes};
}

/**
 * "count × message" lines, most frequent first.
 * @param {VnuMessage[]} messages
 */
export function tally(messages) {
  const counts = new Map();
  for (const {message} of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([message, count]) => `${String(count).padStart(6)} × ${message}`);
}

/**
 * Runs vnu once over `files`; returns its messages. Throws when Java or the checker fails.
 * @param {string[]} files
 * @returns {VnuMessage[]}
 */
export function runVnu(files) {
  const result = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (/** @type {NodeJS.ErrnoException | undefined} */ (result.error)?.code === 'ENOENT')
    throw new Error('java not found (Debian: apt-get install default-jre-headless)');
  if (result.error) throw new Error(`vnu.jar: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`vnu.jar exited with ${result.status}:\n${result.stderr}`);
  try {
    return JSON.parse(result.stderr).messages;
  } catch {
    throw new Error(`vnu.jar printed no JSON report:\n${result.stderr.slice(0, 2000)}`);
  }
}

/**
 * @param {VnuMessage} message
 * @param {string} dir
 */
function where(message, dir) {
  const file = message.url ? path.relative(dir, fileURLToPath(message.url)) : '(checker)';
  return message.lastLine ? `${file}:${message.lastLine}` : file;
}

runCli(
  import.meta.url,
  {name: 'check-html', usage, options: {dir: {type: 'string', default: 'build'}, verbose: {type: 'boolean'}}},
  (options) => {
    const dir = path.resolve(options.dir);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new UsageError(`no build in ${options.dir}: run npm run build first`);
    }
    const files = listFiles(dir, /\.html$/).sort();
    if (files.length === 0) throw new UsageError(`no .html file under ${options.dir}`);
    const started = Date.now();
    const messages = runVnu(files);
    const {errors, warnings, notes} = classify(messages);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (warnings.length) {
      console.log(`check-html: ${warnings.length} warning(s), not failing:`);
      if (options.verbose) for (const w of warnings) console.log(`  ${where(w, dir)}: ${w.message}`);
      else console.log(tally(warnings).join('\n'));
    }
    // Notes are the checker's remarks on allowed syntax (e.g. "Trailing slash on void elements").
    if (notes.length)
      console.log(`check-html: ${notes.length} note(s) (vnu "info"), not failing:\n${tally(notes).join('\n')}`);
    if (IGNORED.length) console.log(`check-html: ignoring ${IGNORED.map(({pattern}) => pattern).join(', ')}`);
    if (errors.length) {
      for (const e of errors)
        console.error(`${where(e, dir)}: ${e.message}${e.extract ? `\n    ${e.extract.trim()}` : ''}`);
      const pages = new Set(errors.map((e) => e.url)).size;
      console.error(`\ncheck-html: ${errors.length} error(s) in ${pages} of ${files.length} HTML files (${seconds} s)`);
      console.error(tally(errors).join('\n'));
      return 1;
    }
    console.log(`check-html: ${files.length} HTML files valid, 0 errors (${seconds} s)`);
    return 0;
  },
);
