import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {parseGlossary, checkableText, findVariants} from '../../scripts/check-glossary.mjs';

const glossary = [
  '| English | Italiano | Avoid (Da evitare) |',
  '| --- | --- | --- |',
  '| alert | segnalazione | allerta, alert |',
  '| deployment | installazione | deploy (as a noun) |',
  '| quick start | avvio rapido | guida rapida |',
].join('\n');

test('parseGlossary reads the Avoid column and skips advice with notes in brackets', () => {
  assert.deepEqual(parseGlossary(glossary), [
    {avoid: 'allerta', use: 'segnalazione'},
    {avoid: 'alert', use: 'segnalazione'},
    {avoid: 'guida rapida', use: 'avvio rapido'},
  ]);
  assert.throws(() => parseGlossary('no table'), /no glossary table/);
});

test('findVariants: whole words, any case, outside code, bold labels and link targets', () => {
  const lines = checkableText(
    [
      '---',
      'title: Guida rapida',
      'slug: alert',
      '---',
      'Una Allerta qui.',
      'Il campo `alert_id` e la pagina **Alerts** restano in inglese.',
      '[vedi](./alerts.md) e alerting non contano.',
      '```',
      'alert here is code',
      '```',
    ].join('\n'),
  );
  const hits = findVariants(lines, parseGlossary(glossary));
  assert.deepEqual(
    hits.map((h) => [h.line, h.avoid]),
    [
      [2, 'guida rapida'],
      [5, 'allerta'],
    ],
  );
});

test('CLI: exit 1 with file:line on a variant, 0 when clean, 2 on bad input', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'glossary-'));
  writeFileSync(path.join(dir, 'GLOSSARY.md'), glossary);
  writeFileSync(path.join(dir, 'bad.md'), 'Ricevere una allerta.\n');
  writeFileSync(path.join(dir, 'code.json'), JSON.stringify({x: {message: 'Avvio rapido'}}));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/check-glossary.mjs', '--glossary', path.join(dir, 'GLOSSARY.md'), ...args], {
      encoding: 'utf8',
    });
  const bad = run(path.join(dir, 'bad.md'));
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /bad\.md:1: "allerta" — use "segnalazione"/);
  assert.equal(run(path.join(dir, 'code.json')).status, 0);
  assert.equal(run('/no/such/dir').status, 2);
  assert.equal(run('--bogus').status, 2);
});
