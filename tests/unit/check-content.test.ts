import {test} from 'node:test';
import assert from 'node:assert/strict';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {proseWords, checkFile} from '../../scripts/check-content.mjs';
import {parseFrontMatter} from '../../scripts/lib/front-matter.mjs';
import {tempDir} from '../support/temp';

const words = (n: number) => Array.from({length: n}, (_, i) => `word${i}`).join(' ');

test('parseFrontMatter reads quoted and plain fields', () => {
  const {fields, body} = parseFrontMatter('---\ntitle: A page\ndescription: "Colon: inside"\n---\n\nBody');
  assert.equal(fields.title, 'A page');
  assert.equal(fields.description, 'Colon: inside');
  assert.equal(body.trim(), 'Body');
});

test('parseFrontMatter reads YAML as Docusaurus does: folded text, numbers as text, errors refused', () => {
  const {fields} = parseFrontMatter('---\ndescription: >-\n  Two lines\n  folded.\nsidebar_position: 4\n---\n');
  assert.equal(fields.description, 'Two lines folded.');
  assert.equal(fields.sidebar_position, '4');
  assert.deepEqual(parseFrontMatter('No front matter').fields, {});
  assert.throws(() => parseFrontMatter('---\ntitle: [unclosed\n---\n'), /unexpected end|flow collection/);
});

test('proseWords leaves out code, tables, imports and admonition fences', () => {
  const body = [
    "import Tabs from '@theme/Tabs';",
    'One two three.',
    '```bash',
    'echo not counted at all',
    '```',
    '| a | b |',
    ':::warning',
    'Four `code` five.',
    ':::',
  ].join('\n');
  assert.equal(proseWords(body), 5);
});

function fixture(): string {
  const dir = tempDir('content');
  writeFileSync(path.join(dir, 'target.md'), `---\ntitle: T\ndescription: D\n---\n\n${words(20)}\n`);
  return dir;
}

test('checkFile accepts a good page and reports every kind of problem', () => {
  const dir = fixture();
  const good = path.join(dir, 'good.md');
  writeFileSync(good, `---\ntitle: G\ndescription: D\n---\n\n${words(30)}\n\n:::tip[A title]\nx\n:::\n`);
  assert.deepEqual(checkFile(good, {minWords: 20}), []);

  const bad = path.join(dir, 'bad.md');
  writeFileSync(bad, `---\nsidebar_position: 1\n---\n\nToo short\n\n:::warning Old title\nx\n:::\n`);
  const problems = checkFile(bad, {minWords: 20});
  assert.equal(problems.length, 4, problems.join('\n'));
  assert.match(problems.join('\n'), /bad\.md:7: write an admonition's title as :::type\[Title\]/);
  assert.match(problems.join('\n'), /no title/);
  assert.match(problems.join('\n'), /no description/);
  assert.match(problems.join('\n'), /words of prose/);
});

test('CLI: exit 1 on a failing page, 2 on bad input, with messages', () => {
  const dir = fixture();
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/check-content.mjs', ...args], {encoding: 'utf8'});
  const failing = run('--min-words', '1000', path.join(dir, 'target.md'));
  assert.equal(failing.status, 1);
  assert.match(failing.stderr, /words of prose/);
  assert.equal(run('--min-words', 'x').status, 2);
  const missing = run('/no/such/folder');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /no such file or folder/);
  assert.equal(run('--min-words', '5', path.join(dir, 'target.md')).status, 0);
});
