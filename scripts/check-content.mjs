#!/usr/bin/env node
// Checks the user-guide pages: title and description in front matter, enough prose,
// and relative links that point at existing pages and anchors.
import {readFileSync, existsSync} from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import {runCli, UsageError, wholeNumber} from './lib/cli.mjs';
import {parseFrontMatter} from './lib/front-matter.mjs';
import {listFiles} from './lib/files.mjs';

const USAGE = `Usage: node scripts/check-content.mjs [--min-words N] [DIR|FILE ...]

Checks Markdown pages (default: docs/main and its Italian twin
i18n/it/docusaurus-plugin-content-docs/current/main) and fails when a page
  - has no "title" or "description" in its front matter,
  - has fewer than N words of prose (default 300; code, tables and markup not counted),
  - links to a page that does not exist, or to an anchor that page does not have.
Exit status: 0 when every page passes, 1 when a page fails, 2 on bad input.`;

export const DEFAULT_DIRS = ['docs/main', 'i18n/it/docusaurus-plugin-content-docs/current/main'];

/**
 * The body without fenced code blocks (their lines become blank to keep line numbers).
 * @param {string} body
 */
export function stripCode(body) {
  /** @type {string | null} */
  let fence = null;
  return body
    .split('\n')
    .map((line) => {
      const opener = /^\s*(```+|~~~+)/.exec(line);
      if (fence) {
        if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null;
        return '';
      }
      if (opener) {
        fence = opener[1];
        return '';
      }
      return line;
    })
    .join('\n');
}

/**
 * Counts the words of prose: no code, tables, imports, JSX tags, admonition fences or URLs.
 * @param {string} body
 */
export function proseWords(body) {
  const text = stripCode(body)
    .split('\n')
    .filter((line) => !/^\s*\|/.test(line) && !/^\s*(import|export)\s/.test(line) && !/^\s*:::/.test(line))
    .join('\n')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\{#[^}]+\}/g, ' ');
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

/**
 * The anchors a page offers: explicit `{#id}` or the slug Docusaurus derives from the heading.
 * @param {string} body
 */
export function headingIds(body) {
  const slugger = new GithubSlugger();
  /** @type {Set<string>} */
  const ids = new Set();
  for (const line of stripCode(body).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*$/.exec(line);
    if (!heading) continue;
    const explicit = /\{#([^}]+)\}\s*$/.exec(heading[1]);
    if (explicit) {
      ids.add(explicit[1]);
      continue;
    }
    const text = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '');
    ids.add(slugger.slug(text));
  }
  for (const match of body.matchAll(/<[a-zA-Z]+[^>]*\sid=["']([^"']+)["']/g)) ids.add(match[1]);
  return ids;
}

/**
 * Markdown links of the body (outside code) as {target, line}.
 * @param {string} body
 */
export function links(body) {
  /** @type {{target: string, line: number}[]} */
  const found = [];
  stripCode(body)
    .split('\n')
    .forEach((line, index) => {
      const withoutInlineCode = line.replace(/`[^`]*`/g, '');
      for (const match of withoutInlineCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        found.push({target: match[1], line: index + 1});
      }
    });
  return found;
}

/**
 * Checks one file; returns a list of problems as strings.
 * @param {string} file
 * @param {{minWords?: number, cache?: Map<string, ReturnType<typeof parseFrontMatter>>}} [options]
 */
export function checkFile(file, {minWords = 300, cache = new Map()} = {}) {
  const read = (/** @type {string} */ f) => {
    const page = cache.get(f) ?? parseFrontMatter(readFileSync(f, 'utf8'));
    cache.set(f, page);
    return page;
  };
  const problems = [];
  const {fields, body} = read(file);
  if (!fields.title) problems.push(`${file}: front matter has no title`);
  if (!fields.description) problems.push(`${file}: front matter has no description`);
  const words = proseWords(body);
  if (words < minWords) problems.push(`${file}: only ${words} words of prose (at least ${minWords} expected)`);
  for (const {target, line} of links(body)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    const [pathPart, anchor] = target.split('#');
    let targetFile = file;
    if (pathPart) {
      if (!/\.mdx?$/.test(pathPart)) continue;
      targetFile = path.join(path.dirname(file), decodeURIComponent(pathPart));
      if (!existsSync(targetFile)) {
        problems.push(`${file}:${line}: link to missing page ${pathPart}`);
        continue;
      }
    }
    if (anchor && !headingIds(read(targetFile).body).has(decodeURIComponent(anchor))) {
      problems.push(`${file}:${line}: link to missing anchor #${anchor} in ${path.relative('.', targetFile)}`);
    }
  }
  // With mdx1Compat.admonitions off, only `:::type[Title]` gives an admonition a title: the
  // MDX 1 form `:::type Title` is shown as a paragraph of text.
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (/^\s*:::(?:note|tip|info|warning|danger|caution)[ \t]+\S/.test(text)) {
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
    const cache = new Map();
    const problems = files.flatMap((file) => checkFile(file, {minWords, cache}));
    for (const problem of problems) console.error(problem);
    console.log(`check-content: ${files.length} pages checked, ${problems.length} problems`);
    return problems.length ? 1 : 0;
  },
);
