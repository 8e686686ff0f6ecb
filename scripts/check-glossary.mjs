#!/usr/bin/env node
// Flags, on Italian pages and UI strings, the words that i18n/GLOSSARY.md says to avoid.
import {existsSync, readFileSync} from 'node:fs';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmTableFromMarkdown} from 'mdast-util-gfm-table';
import {toString} from 'mdast-util-to-string';
import {gfmTable} from 'micromark-extension-gfm-table';
import {runCli, UsageError} from './lib/cli.mjs';
import {listFiles} from './lib/files.mjs';
import {messageOf} from '../src/utils/errors.mjs';
import {ITALIAN_LOCALE, localeI18nDir} from '../src/utils/sitePaths.mjs';

const USAGE = `Usage: node scripts/check-glossary.mjs [--glossary FILE] [DIR|FILE ...]

Reads two tables of the glossary (default: i18n/GLOSSARY.md) and checks the Italian pages and UI
strings (default: i18n/it):
- "Terms": every variant of the "Avoid" column is an error, as a whole word in any case. Code,
  inline code, bold UI labels (**...**) and link targets are ignored. Variants with a note in
  brackets, such as "deploy (as a noun)", are advice only.
- "Context rules": a pattern (regular expression) is an error on a line unless the line matches
  the "Allowed when" expression or the file path matches the "Allowed on pages" expression. These
  see bold labels, so they can also police how UI labels are written.
Exit status: 0 when nothing is found, 1 when something is, 2 on bad input.`;

/**
 * @typedef {{prose: string, line: string}} Line A line's text for the terms (prose) and for the context rules (line).
 * @typedef {{pattern: RegExp, allowedLine: RegExp | null, allowedPage: RegExp | null, use: string}} Context
 * @typedef {{terms: {avoid: string, use: string}[], contexts: Context[]}} Rules
 */

/**
 * The Markdown tables of a text (GitHub's table syntax, as the site renders it), each as
 * {header: [lowercase cells], rows: [[cells]]}, every cell as its plain text.
 * @param {string} text
 */
function tables(text) {
  const tree = fromMarkdown(text, {extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()]});
  return tree.children.flatMap((node) => {
    if (node.type !== 'table') return [];
    const [header, ...rows] = node.children.map((row) => row.children.map((cell) => toString(cell).trim()));
    return [{header: header.map((cell) => cell.toLowerCase()), rows}];
  });
}

/**
 * The glossary's rules: {terms: [{avoid, use}], contexts: [{pattern, allowedLine, allowedPage, use}]}.
 * Regular expressions in the context table are written in backticks (code: no Markdown escapes).
 * @param {string} text
 * @returns {Rules}
 */
export function parseGlossary(text) {
  const all = tables(text);
  const termTable = all.find(
    (t) => t.header.some((c) => c.startsWith('italiano')) && t.header.some((c) => c.startsWith('avoid')),
  );
  if (!termTable) throw new Error('no glossary table with "Italiano" and "Avoid" columns found');
  const useColumn = termTable.header.findIndex((c) => c.startsWith('italiano'));
  const avoidColumn = termTable.header.findIndex((c) => c.startsWith('avoid'));
  /** @type {Rules['terms']} */
  const terms = [];
  for (const row of termTable.rows) {
    for (const variant of (row[avoidColumn] ?? '').split(',').map((v) => v.trim())) {
      if (variant && !variant.includes('(')) terms.push({avoid: variant, use: row[useColumn]});
    }
  }
  /** @type {Context[]} */
  const contexts = [];
  const contextTable = all.find((t) => t !== termTable && t.header[0] === 'pattern');
  for (const [pattern, line = '', page = '', use = ''] of contextTable?.rows ?? []) {
    try {
      contexts.push({
        pattern: new RegExp(pattern, 'iu'),
        allowedLine: line ? new RegExp(line, 'u') : null,
        allowedPage: page ? new RegExp(page, 'u') : null,
        use,
      });
    } catch (error) {
      throw new Error(`context rule ${pattern}: ${messageOf(error)}`);
    }
  }
  return {terms, contexts};
}

/**
 * Text of a Markdown page that should follow the glossary, one entry per line (numbers kept):
 * {prose} without code, bold labels and link targets, {line} without code only.
 * @param {string} markdown
 * @returns {Line[]}
 */
export function checkableText(markdown) {
  let inCode = false;
  let inFrontMatter = false;
  return markdown.split('\n').map((raw, index) => {
    const skip = {prose: '', line: ''};
    if (index === 0 && raw === '---') {
      inFrontMatter = true;
      return skip;
    }
    if (inFrontMatter) {
      if (raw === '---') inFrontMatter = false;
      return /^(title|description|sidebar_label):/.test(raw) ? {prose: raw, line: raw} : skip;
    }
    if (/^\s*(```|~~~)/.test(raw)) {
      inCode = !inCode;
      return skip;
    }
    if (inCode || /^\s*import\s/.test(raw)) return skip;
    const line = raw.replace(/`[^`]*`/g, ' ').replace(/\{#[^}]+\}/g, ' ');
    return {prose: line.replace(/\*\*[^*]+\*\*/g, ' ').replace(/\]\([^)]*\)/g, ']'), line};
  });
}

/** @param {string} text */
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds the glossary's errors in the lines of one file: [{line, avoid, use}].
 * @param {Line[]} lines
 * @param {Rules} rules
 */
export function findVariants(lines, {terms, contexts}, file = '') {
  /** @type {{line: number, avoid: string, use: string}[]} */
  const hits = [];
  const patterns = terms.map((entry) => ({
    ...entry,
    regex: new RegExp(`(?<![\\p{L}\\p{N}_-])${escape(entry.avoid)}(?![\\p{L}\\p{N}_-])`, 'iu'),
  }));
  lines.forEach(({prose, line}, index) => {
    for (const {avoid, use, regex} of patterns) {
      if (regex.test(prose)) hits.push({line: index + 1, avoid, use});
    }
    for (const {pattern, allowedLine, allowedPage, use} of contexts) {
      const match = line.match(pattern);
      if (match && !allowedLine?.test(line) && !allowedPage?.test(file)) {
        hits.push({line: index + 1, avoid: match[0], use});
      }
    }
  });
  return hits;
}

/**
 * UI strings of a translation file, code.json-style {key: {message}} or openapi.json-style
 * {English text: Italian text}. The key joins the line for the context rules only: an Italian API
 * description of "notification" may say "segnalazione".
 * @param {string} text
 * @returns {Line[]}
 */
function jsonLines(text) {
  return Object.entries(JSON.parse(text))
    .filter(([key]) => key !== '$comment')
    .map(([key, entry]) => {
      const message = String(typeof entry === 'string' ? entry : (entry?.message ?? ''));
      return {prose: message.replace(/\*\*[^*]+\*\*/g, ' '), line: `${key} ${message}`};
    });
}

/** @param {string} file */
function linesOf(file) {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? jsonLines(text) : checkableText(text);
}

runCli(
  import.meta.url,
  {name: 'check-glossary', usage: USAGE, options: {glossary: {type: 'string'}}, allowPositionals: true},
  (values, targets) => {
    const glossary = values.glossary ?? 'i18n/GLOSSARY.md';
    const roots = targets.length ? targets : [localeI18nDir(ITALIAN_LOCALE)];
    for (const file of [glossary, ...roots]) {
      if (!file || !existsSync(file)) throw new UsageError(`no such file or folder: ${file}`);
    }
    let rules;
    try {
      rules = parseGlossary(readFileSync(glossary, 'utf8'));
    } catch (error) {
      throw new UsageError(`${glossary}: ${messageOf(error)}`);
    }
    const files = roots.flatMap((root) => listFiles(root, /\.(mdx?|json)$/));
    let count = 0;
    for (const file of files) {
      for (const hit of findVariants(linesOf(file), rules, file)) {
        count += 1;
        console.error(
          `${file}:${hit.line}: "${hit.avoid}" — use ${hit.use.startsWith('"') ? hit.use : `"${hit.use}"`}`,
        );
      }
    }
    console.log(
      `check-glossary: ${files.length} files, ${rules.terms.length} variants and ${rules.contexts.length} context rules, ${count} found`,
    );
    return count ? 1 : 0;
  },
);
