import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {IGNORED, classify, tally} from '../../scripts/check-html.mjs';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

test('classify: errors and checker failures fail, warnings and notes are counted', () => {
  const messages = [
    {type: 'error', message: 'Element “div” not allowed as child of element “code” in this context.'},
    {type: 'non-document-error', subType: 'io', message: 'File not found'},
    {type: 'info', subType: 'warning', message: 'Section lacks heading.'},
    {type: 'info', subType: 'warning', message: 'Section lacks heading.'},
    {type: 'info', message: 'Trailing slash on void elements has no effect.'},
  ];
  const {errors, warnings, notes} = classify(messages);
  assert.equal(errors.length, 2);
  assert.equal(warnings.length, 2);
  assert.equal(notes.length, 1);
  assert.deepEqual(tally(warnings), ['     2 × Section lacks heading.']);
  assert.equal(classify(messages, [{pattern: /not allowed as child/, reason: 'test'}]).errors.length, 1);
  assert.deepEqual(IGNORED, [], 'every message counts unless listed with a reason');
});

test('check-html: invalid markup fails with file and message, valid pages pass, bad input exits 2', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-html-'));
  mkdirSync(path.join(dir, 'it'));
  writeFileSync(path.join(dir, 'index.html'), page('<pre><code><span style="display:block">x</span></code></pre>'));
  writeFileSync(path.join(dir, 'it', 'index.html'), page('<pre><code><div>x</div></code></pre>'));
  const run = (...args: string[]) => spawnSync('node', ['scripts/check-html.mjs', ...args], {encoding: 'utf8'});
  const failing = run('--dir', dir);
  assert.equal(failing.status, 1, failing.stdout + failing.stderr);
  assert.match(failing.stderr, /it\/index\.html:1: Element “div” not allowed as child of element “code”/);
  assert.match(failing.stderr, /1 error\(s\) in 1 of 2 HTML files/);
  // One run of the validator (a Java start, seconds on a busy machine): the passing case, exit 0
  // and the summary, is `npm run check:html` on the real build, which test:built runs.
  assert.equal(run('--dir', path.join(dir, 'missing')).status, 2);
  assert.equal(run('--bogus').status, 2);
});
