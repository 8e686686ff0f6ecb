// Every user-guide page has its provenance record (provenance/user-guide/README.md describes the
// format): where its product facts come from in English and Italian, and what the product leaves out.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';

const pages = (dir: string) =>
  readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => file.split(path.sep).join('/'))
    .sort();

const SECTIONS = [
  '## Product pages consulted',
  '## Facts used',
  '## Derived, not from the product',
  '## What the product does not say',
];

/** The problems of one provenance record, as messages (empty when it is complete). */
export function problemsOf(text: string): string[] {
  const problems = SECTIONS.filter((heading) => !text.includes(`\n${heading}\n`)).map((h) => `missing "${h}"`);
  const consulted = text.split('## Product pages consulted')[1]?.split('\n## ')[0] ?? '';
  for (const language of ['EN', 'IT']) {
    if (!new RegExp(`^- ${language}: `, 'm').test(consulted))
      problems.push(`no "- ${language}:" line under consulted pages`);
  }
  if (!/https:\/\/docs\.seerbox\.it\//.test(text)) problems.push('cites no docs.seerbox.it page');
  return problems;
}

test('each user-guide page has a complete provenance record, and each record a page', () => {
  const guide = pages('docs/main');
  const records = pages('provenance/user-guide');
  assert.deepEqual(records, guide, 'provenance/user-guide mirrors docs/main');
  const incomplete = records
    .map((file) => ({file, problems: problemsOf(readFileSync(path.join('provenance/user-guide', file), 'utf8'))}))
    .filter(({problems}) => problems.length > 0);
  assert.deepEqual(incomplete, []);
});

test('an incomplete record is reported', () => {
  assert.deepEqual(problemsOf('# Page\n\n## Product pages consulted\n- EN: https://docs.seerbox.it/main/x\n'), [
    'missing "## Facts used"',
    'missing "## Derived, not from the product"',
    'missing "## What the product does not say"',
    'no "- IT:" line under consulted pages',
  ]);
});
