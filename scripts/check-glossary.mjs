#!/usr/bin/env node
// Flags, on Italian pages and UI strings, the term variants that i18n/GLOSSARY.md says to avoid.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {listFiles} from './lib/files.mjs';

const USAGE = `Usage: node scripts/check-glossary.mjs [--glossary FILE] [DIR|FILE ...]

Reads the "Avoid" column of the glossary table (default: i18n/GLOSSARY.md) and reports every
use of those variants in the Italian pages and UI strings (default: i18n/it). Code, inline
code, bold UI labels (**...**, kept as the product shows them) and link targets are ignored.
Entries with a note in brackets, such as "deploy (as a noun)", are advice only and not checked.
Exit status: 0 when none is found, 1 when some are, 2 on bad input.`;

/** The variants to avoid, from the glossary's Markdown table: [{avoid, use}]. */
export function parseGlossary(text) {
  const rows = text.split('\n').filter((line) => /^\|/.test(line));
  if (rows.length < 3) throw new Error('no glossary table found');
  const header = rows[0].split('|').map((cell) => cell.trim().toLowerCase());
  const useColumn = header.findIndex((cell) => cell.startsWith('italiano'));
  const avoidColumn = header.findIndex((cell) => cell.startsWith('avoid'));
  if (useColumn < 0 || avoidColumn < 0) throw new Error('the glossary table needs "Italiano" and "Avoid" columns');
  const entries = [];
  for (const row of rows.slice(2)) {
    const cells = row.split('|').map((cell) => cell.trim());
    for (const variant of (cells[avoidColumn] ?? '').split(',').map((v) => v.trim())) {
      if (variant && !variant.includes('(')) entries.push({avoid: variant, use: cells[useColumn]});
    }
  }
  return entries;
}

/** Text of a Markdown page that should follow the glossary, with its line numbers kept. */
export function checkableText(markdown) {
  let inCode = false;
  let inFrontMatter = false;
  return markdown.split('\n').map((line, index) => {
    if (index === 0 && line === '---') {
      inFrontMatter = true;
      return '';
    }
    if (inFrontMatter) {
      if (line === '---') inFrontMatter = false;
      return /^(title|description|sidebar_label):/.test(line) ? line : '';
    }
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      return '';
    }
    if (inCode || /^\s*import\s/.test(line)) return '';
    return line
      .replace(/`[^`]*`/g, ' ')
      .replace(/\*\*[^*]+\*\*/g, ' ')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/\{#[^}]+\}/g, ' ');
  });
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Finds avoided variants in lines of text: [{line, avoid, use}]. */
export function findVariants(lines, entries) {
  const hits = [];
  const patterns = entries.map((entry) => ({
    ...entry,
    regex: new RegExp(`(?<![\\p{L}\\p{N}_-])${escape(entry.avoid)}(?![\\p{L}\\p{N}_-])`, 'iu'),
  }));
  lines.forEach((text, index) => {
    for (const {avoid, use, regex} of patterns) {
      if (regex.test(text)) hits.push({line: index + 1, avoid, use});
    }
  });
  return hits;
}

function linesOf(file) {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) {
    return Object.values(JSON.parse(text)).map((entry) => String(entry?.message ?? ''));
  }
  return checkableText(text);
}

function main(argv) {
  let glossary = 'i18n/GLOSSARY.md';
  const targets = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      return 0;
    }
    if (arg === '--glossary') glossary = argv[++i] ?? '';
    else if (arg.startsWith('-')) {
      console.error(`check-glossary: unknown option "${arg}" (see --help)`);
      return 2;
    } else targets.push(arg);
  }
  const roots = targets.length ? targets : ['i18n/it'];
  for (const file of [glossary, ...roots]) {
    if (!file || !existsSync(file)) {
      console.error(`check-glossary: no such file or folder: ${file}`);
      return 2;
    }
  }
  let entries;
  try {
    entries = parseGlossary(readFileSync(glossary, 'utf8'));
  } catch (error) {
    console.error(`check-glossary: ${glossary}: ${error.message}`);
    return 2;
  }
  const files = roots.flatMap((root) => listFiles(root, /\.(mdx?|json)$/));
  let count = 0;
  for (const file of files) {
    for (const hit of findVariants(linesOf(file), entries)) {
      count += 1;
      console.error(`${file}:${hit.line}: "${hit.avoid}" — use "${hit.use}"`);
    }
  }
  console.log(`check-glossary: ${files.length} files, ${entries.length} variants to avoid, ${count} found`);
  return count ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
