#!/usr/bin/env node
// Translation status of the Italian edition: which English pages have an Italian twin,
// which twins are older than their English source (from git history), and which UI
// strings are still identical to their English default.
import {existsSync, readFileSync, readdirSync, realpathSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {runCli, UsageError} from './lib/cli.mjs';
import {listFiles} from './lib/files.mjs';
import {ITALIAN_LOCALE, localeDocsDir} from '../src/utils/sitePaths.mjs';

const USAGE = `Usage: node scripts/i18n-status.mjs [--check] [--json] [--locale it]

Lists, for each English page under docs/, whether its twin exists under
i18n/<locale>/docusaurus-plugin-content-docs/current/ and whether the English page
changed after the twin was last changed (git history; uncommitted edits count as now).
Also lists UI strings of i18n/<locale>/code.json still identical to their English default.
  --check   exit 1 when a twin is missing or a UI string is untranslated
            (stale twins are reported but do not fail)
  --json    print the report as JSON
  --locale  locale folder to inspect (default: it)`;

/** Strings that are the same in English and Italian on purpose. */
export const SAME_IN_BOTH = new Set([
  'Home',
  'Home page',
  '{authorName} - {nPosts}',
  'Seer Box',
  'API',
  'Audit',
  'Seer Box Sentinel',
]);

/**
 * When each file under docs/ and i18n/ last changed, in seconds: now if uncommitted, else its last
 * commit (one `git log` for all: a call per file took seconds); null outside a git checkout.
 * @returns {(file: string) => number | null}
 */
export function lastChanges(root = '.') {
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', ['-c', 'core.quotePath=off', ...args], {cwd: root, encoding: 'utf8', maxBuffer: 2 ** 28});
  const now = Math.floor(Date.now() / 1000);
  /** @type {Map<string, number>} paths from the top of the checkout */
  const times = new Map();
  let top = '';
  try {
    top = realpathSync(git('rev-parse', '--show-toplevel').trim());
    // Newest commit first: a file's first mention is its last change.
    let time = now;
    for (const line of git('log', '--format=@%ct', '--name-only', '--', 'docs', 'i18n').split('\n')) {
      if (line.startsWith('@')) time = Number(line.slice(1));
      else if (line && !times.has(line)) times.set(line, time);
    }
  } catch {
    if (!top) return () => null; // not a git checkout: staleness unknown
    // a checkout without commits: every file is new
  }
  for (const line of git('status', '--porcelain', '--untracked-files=all', '--', 'docs', 'i18n').split('\n')) {
    if (line) times.set(line.slice(3).split(' -> ').pop() ?? '', now);
  }
  return (file) => times.get(path.relative(top, realpathSync(path.resolve(root, file)))) ?? now;
}

/** English defaults of UI strings: the theme's base pack plus our own <Translate>/translate() calls. */
export function englishDefaults(root = '.') {
  const defaults = new Map();
  const base = path.join(root, 'node_modules/@docusaurus/theme-translations/locales/base');
  if (existsSync(base)) {
    for (const file of readdirSync(base)) {
      const messages = JSON.parse(readFileSync(path.join(base, file), 'utf8'));
      for (const [id, message] of Object.entries(messages)) {
        if (!id.endsWith('___DESCRIPTION')) defaults.set(id, message);
      }
    }
  }
  const sources = listFiles(path.join(root, 'src'), /\.(tsx?|jsx?)$/);
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/<Translate\s+id="([^"]+)"[^>]*>([\s\S]*?)<\/Translate>/g)) {
      defaults.set(m[1], m[2].replace(/\s+/g, ' ').trim());
    }
    for (const m of text.matchAll(/id:\s*'([^']+)',\s*message:\s*'((?:[^'\\]|\\.)*)'/g)) {
      defaults.set(m[1], m[2].replace(/\\'/g, "'"));
    }
  }
  return defaults;
}

/** Builds the report for a locale. */
export function report({root = '.', locale = ITALIAN_LOCALE} = {}) {
  const docsRoot = path.join(root, 'docs');
  const twinRoot = path.join(root, localeDocsDir(locale));
  const lastChange = lastChanges(root);
  const pages = listFiles(docsRoot, /\.mdx?$/)
    .sort()
    .map((file) => {
      const rel = path.relative(docsRoot, file);
      const twin = path.join(twinRoot, rel);
      if (!existsSync(twin)) return {page: rel, status: 'missing'};
      const source = lastChange(file);
      const translated = lastChange(twin);
      const stale = source !== null && translated !== null && source > translated;
      return {page: rel, status: stale ? 'stale' : 'ok'};
    });
  const codeFile = path.join(root, 'i18n', locale, 'code.json');
  const untranslated = [];
  if (existsSync(codeFile)) {
    const code = JSON.parse(readFileSync(codeFile, 'utf8'));
    const defaults = englishDefaults(root);
    for (const [id, {message}] of Object.entries(code)) {
      const english = defaults.get(id);
      if (english !== undefined && message === english && !SAME_IN_BOTH.has(message)) untranslated.push(id);
    }
  } else {
    untranslated.push(`(no ${path.relative(root, codeFile)})`);
  }
  return {locale, pages, untranslated};
}

runCli(
  import.meta.url,
  {
    name: 'i18n-status',
    usage: USAGE,
    options: {check: {type: 'boolean'}, json: {type: 'boolean'}, locale: {type: 'string', default: ITALIAN_LOCALE}},
  },
  ({check, json, locale}) => {
    if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(locale)) {
      throw new UsageError(`--locale needs a locale code such as "${ITALIAN_LOCALE}", got "${locale}"`);
    }
    if (!existsSync(path.join('i18n', locale))) throw new UsageError(`no folder i18n/${locale}`);
    const result = report({locale});
    const count = (/** @type {string} */ status) => result.pages.filter((p) => p.status === status).length;
    if (json) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      for (const page of result.pages) console.log(`${page.status.padEnd(8)} ${page.page}`);
      for (const id of result.untranslated) console.log(`untranslated UI string: ${id}`);
      console.log(
        `i18n-status (${locale}): ${result.pages.length} pages, ${count('ok')} up to date, ${count('stale')} stale, ${count('missing')} missing; ${result.untranslated.length} UI strings identical to English`,
      );
    }
    return check && (count('missing') > 0 || result.untranslated.length > 0) ? 1 : 0;
  },
);
