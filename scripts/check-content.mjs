#!/usr/bin/env node
// Checks the user-guide pages: title and description in front matter, enough prose, and admonition
// titles; every reader page and API label for research-process wording ("the product site"), which
// belongs in provenance/ and the About page. Links and anchors are the build's check (onBrokenLinks, onBrokenAnchors and
// onBrokenMarkdownLinks all 'throw' in docusaurus.config.ts), over every page of both languages.
import {readFileSync, existsSync} from 'node:fs';
import {runCli, UsageError, wholeNumber} from './lib/cli.mjs';
import {codeBlocks} from './lib/code-blocks.mjs';
import {parseFrontMatter} from './lib/front-matter.mjs';
import {listFiles} from './lib/files.mjs';
import {API_DEFINITION, ITALIAN_DOCS_DIR, ITALIAN_LOCALE, localeI18nDir} from '../src/utils/sitePaths.mjs';

const USAGE = `Usage: node scripts/check-content.mjs [--min-words N] [DIR|FILE ...]

Checks Markdown pages (default: docs/main and its Italian twin
${ITALIAN_DOCS_DIR}/main) and fails when a page
  - has no "title" or "description" in its front matter,
  - has fewer than N words of prose (default 300; code, tables and markup not counted),
  - gives an admonition its title in the MDX 1 form ":::type Title" (shown as text).
Every reader page and API label (default: docs, ${localeI18nDir(ITALIAN_LOCALE)}, src/pages, the API definition and labels)
fails on a phrase of scripts/lib/voice-phrases.json ("the product site", "our reading"...) and on an
installation note not titled :::note[Check on your installation] / [Da verificare sulla propria installazione].
Broken links and anchors fail the build instead (npm run build).
Exit status: 0 when every page passes, 1 when a page fails, 2 on bad input.`;

export const DEFAULT_DIRS = ['docs/main', `${ITALIAN_DOCS_DIR}/main`];
/** What readers see: pages in both languages, the API definition's descriptions and the API labels. */
export const READERS = [
  'docs',
  localeI18nDir(ITALIAN_LOCALE),
  'src/pages',
  API_DEFINITION,
  'src/plugins/api-reference/labels.mjs',
];
const READER_FILES = /\.(?:mdx?|json|ya?ml|tsx|mjs)$/;
/** The one title for what depends on the reader's installation, per language. */
export const INSTALLATION_NOTE = {en: 'Check on your installation', it: 'Da verificare sulla propria installazione'};
const PHRASES = Object.values(
  JSON.parse(readFileSync(new URL('./lib/voice-phrases.json', import.meta.url), 'utf8')),
).flatMap((list) => (Array.isArray(list) ? list.map((source) => new RegExp(source, 'iu')) : []));

/**
 * Research-process wording and off-standard installation notes, one problem per line and phrase.
 * Comment lines of code and YAML are skipped: readers never see them.
 * @param {string} file
 * @param {string} text
 */
export function voiceProblems(file, text) {
  /** @type {string[]} */
  const problems = [];
  const markdown = /\.mdx?$/.test(file);
  text.split('\n').forEach((line, index) => {
    if (!markdown && /^\s*(?:#|\/\/|\/?\*)/.test(line)) return;
    for (const phrase of PHRASES) {
      const found = phrase.exec(line);
      if (found) problems.push(`${file}:${index + 1}: research-process wording "${found[0]}"`);
    }
    const title = /^\s*:::(\w+)\[([^\]]*(?:installation|installazione)[^\]]*)\]/iu.exec(line);
    if (markdown && title && (title[1] !== 'note' || !Object.values(INSTALLATION_NOTE).includes(title[2]))) {
      problems.push(
        `${file}:${index + 1}: title an installation note ${Object.values(INSTALLATION_NOTE).join(' or ')}`,
      );
    }
  });
  return problems;
}

/**
 * Counts the words of prose: no code, tables, imports, JSX tags, admonition fences or URLs.
 * @param {string} body
 */
export function proseWords(body) {
  const lines = body.split('\n');
  for (const {line, code} of codeBlocks(body)) lines.fill('', line - 1, line + code.split('\n').length);
  const text = lines
    .filter((line) => !/^\s*\|/.test(line) && !/^\s*(import|export)\s/.test(line) && !/^\s*:::/.test(line))
    .join('\n')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\{#[^}]+\}/g, ' ');
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

/**
 * Checks one file; returns a list of problems as strings.
 * @param {string} file
 * @param {{minWords?: number}} [options]
 */
export function checkFile(file, {minWords = 300} = {}) {
  const problems = [];
  const text = readFileSync(file, 'utf8');
  problems.push(...voiceProblems(file, text));
  const {fields, body} = parseFrontMatter(text);
  if (!fields.title) problems.push(`${file}: front matter has no title`);
  if (!fields.description) problems.push(`${file}: front matter has no description`);
  const words = proseWords(body);
  if (words < minWords) problems.push(`${file}: only ${words} words of prose (at least ${minWords} expected)`);
  // With mdx1Compat.admonitions off, only `:::type[Title]` gives an admonition a title: the
  // MDX 1 form `:::type Title` is shown as a paragraph of text.
  text.split('\n').forEach((line, index) => {
    if (/^\s*:::(?:note|tip|info|warning|danger|caution)[ \t]+\S/.test(line)) {
      problems.push(
        `${file}:${index + 1}: write an admonition's title as :::type[Title] (":::type Title" renders as text)`,
      );
    }
  });
  return problems;
}

runCli(
  import.meta.url,
  {name: 'check-content', usage: USAGE, options: {'min-words': {type: 'string'}}, allowPositionals: true},
  (values, targets) => {
    const minWords = wholeNumber('min-words', values['min-words'], 300);
    const roots = targets.length ? targets : DEFAULT_DIRS;
    for (const root of roots) {
      if (!existsSync(root)) throw new UsageError(`no such file or folder: ${root}`);
    }
    const files = roots.flatMap((root) => listFiles(root, /\.mdx?$/));
    const problems = files.flatMap((file) => checkFile(file, {minWords}));
    // The whole-site voice check runs with the default targets; named files had it in checkFile.
    const others = targets.length
      ? []
      : READERS.flatMap((root) => listFiles(root, READER_FILES)).filter((file) => !files.includes(file));
    for (const file of others) problems.push(...voiceProblems(file, readFileSync(file, 'utf8')));
    for (const problem of problems) console.error(problem);
    console.log(
      `check-content: ${files.length} pages and ${others.length} other files checked, ${problems.length} problems`,
    );
    return problems.length ? 1 : 0;
  },
);
