import {test} from 'node:test';
import assert from 'node:assert/strict';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {proseWords, checkFile, voiceProblems} from '../../scripts/check-content.mjs';
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

test('voiceProblems flags research-process wording in both languages, with file, line and phrase', () => {
  const english = voiceProblems('en.md', 'Intro.\nThe product site only says that a token is needed.\n');
  assert.deepEqual(english.length, 1, english.join('\n'));
  assert.match(english[0], /^en\.md:2: research-process wording "product site"/);
  const italian = voiceProblems('it.md', 'La pagina del tipo non è a nostra disposizione.\n');
  assert.ok(
    italian.some((p) => /^it\.md:1: .*"nostra"/.test(p)),
    italian.join('\n'),
  );
  assert.match(
    voiceProblems('labels.json', '"derivedTitle": {"message": "Operazione ricavata"}')[0],
    /"Operazione ricavata"/,
  );
  assert.deepEqual(voiceProblems('clean.md', 'Seer Box sends the rule to the enabled firewall.\n'), []);
  // Readers never see comments of code and YAML; Docker's "port not published" is not about documents.
  assert.deepEqual(voiceProblems('api.yaml', '# derived from the documented operations\n'), []);
  assert.deepEqual(voiceProblems('page.md', 'Port not published by the container.\n'), []);
});

test('voiceProblems accepts one title for installation notes, per language', () => {
  assert.deepEqual(voiceProblems('a.md', ':::note[Check on your installation]\n'), []);
  assert.deepEqual(voiceProblems('a.md', ':::note[Da verificare sulla propria installazione]\n'), []);
  assert.match(
    voiceProblems('a.md', ':::info[Check the list in your installation]\n')[0],
    /^a\.md:1: title an installation note/,
  );
  assert.equal(voiceProblems('a.md', ':::tip[Check on your installation]\n').length, 1);
});

test('checkFile and the CLI report research-process wording on a page', () => {
  const dir = fixture();
  const page = path.join(dir, 'voice.md');
  writeFileSync(page, `---\ntitle: V\ndescription: D\n---\n\n${words(30)}\n\nSecondo la nostra lettura, sì.\n`);
  assert.match(checkFile(page, {minWords: 20}).join('\n'), /voice\.md:8: research-process wording "nostra"/);
  const run = spawnSync(process.execPath, ['scripts/check-content.mjs', '--min-words', '5', page], {encoding: 'utf8'});
  assert.equal(run.status, 1);
  assert.match(run.stderr, /voice\.md:8: research-process wording/);
});
