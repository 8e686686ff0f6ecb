import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {parseGlossary, checkableText, findVariants} from '../../scripts/check-glossary.mjs';
import {tempDir} from '../support/temp';

const glossary = [
  '## Terms',
  '',
  '| English | Italiano | Avoid (Da evitare) | Source |',
  '| --- | --- | --- | --- |',
  '| alert | alert | allerta, allarme | /it/main/how-to/alerts |',
  '| notification | segnalazione | notifica, notifiche | /it/main/configuration/notifications |',
  '| deployment | installazione | deploy (as a noun) | — |',
  '| quick start | avvio rapido | guida rapida | — |',
  '',
  '## Context rules',
  '',
  '| Pattern | Allowed when the line matches | Allowed on pages | Use instead |',
  '| --- | --- | --- | --- |',
  '| `segnalazion[ei]` | `Segnalazioni\\|destinazion\\|notification` | `notifications` | "alert" for alerts |',
  '| `\\*\\*(Impostazioni\\|Salva)\\b` | | | the English label |',
].join('\n');

const find = (markdown: string, file = 'it/main/how-to/alerts.md') =>
  findVariants(checkableText(markdown), parseGlossary(glossary), file).map((h) => [h.line, h.avoid]);

test('parseGlossary reads the Avoid column, skips advice in brackets, and reads the context rules', () => {
  const {terms, contexts} = parseGlossary(glossary);
  assert.deepEqual(terms, [
    {avoid: 'allerta', use: 'alert'},
    {avoid: 'allarme', use: 'alert'},
    {avoid: 'notifica', use: 'segnalazione'},
    {avoid: 'notifiche', use: 'segnalazione'},
    {avoid: 'guida rapida', use: 'avvio rapido'},
  ]);
  assert.equal(contexts.length, 2);
  assert.equal(contexts[0].allowedLine?.source, 'Segnalazioni|destinazion|notification');
  assert.equal(contexts[1].allowedPage, null);
  assert.throws(() => parseGlossary('no table'), /no glossary table/);
  assert.throws(() => parseGlossary(`${glossary}\n| \`(\` | | | x |`), /context rule/);
});

test('terms: whole words, any case, outside code, bold labels and link targets', () => {
  const page = [
    '---',
    'title: Guida rapida',
    'slug: notifica',
    '---',
    'Una Allerta qui.',
    'Il campo `notifica_id` e la pagina **Notifiche** restano come sono.',
    '[vedi](./notifica.md) e notificato non contano.',
    '```',
    'allerta here is code',
    '```',
  ].join('\n');
  assert.deepEqual(find(page), [
    [2, 'guida rapida'],
    [5, 'allerta'],
  ]);
});

test('old usage fails: "segnalazione" for an alert, "notifica" for a notification, translated UI labels', () => {
  const page = [
    'Le segnalazioni malevole restano aperte.',
    'Il ciclo di vita della segnalazione ha tre stati.',
    'Ogni notifica parte subito.',
    'Aprire **Impostazioni - Firewall** e fare clic su **Salva**.',
  ].join('\n');
  assert.deepEqual(find(page), [
    [1, 'segnalazioni'],
    [2, 'segnalazione'],
    [3, 'notifica'],
    [4, '**Impostazioni'],
  ]);
});

test('new usage passes: alerts, the Segnalazioni feature, English UI labels, notifications pages', () => {
  const page = [
    'Gli alert restano aperti finché non vengono gestiti.',
    'Le segnalazioni inviano ogni transazione malevola a una destinazione.',
    'Vedere [Segnalazioni](../configuration/notifications.md).',
    'Aprire **Settings - Firewalls** e fare clic su **Save**.',
    'Una **Impostazione** inventata non è un menu tradotto.',
  ].join('\n');
  assert.deepEqual(find(page), []);
  assert.deepEqual(find('Ogni segnalazione usa il formato JSON.', 'it/main/configuration/notifications.md'), []);
  assert.deepEqual(find('Ogni segnalazione usa il formato JSON.'), [[1, 'segnalazione']]);
});

test('CLI: exit 1 with file:line on a variant, 0 when clean, 2 on bad input; JSON strings of both shapes', () => {
  const dir = tempDir('glossary');
  writeFileSync(path.join(dir, 'GLOSSARY.md'), glossary);
  writeFileSync(path.join(dir, 'bad.md'), 'Ricevere una allerta.\n');
  writeFileSync(path.join(dir, 'code.json'), JSON.stringify({x: {message: 'Avvio rapido'}}));
  mkdirSync(path.join(dir, 'api'));
  writeFileSync(
    path.join(dir, 'api', 'openapi.json'),
    JSON.stringify({
      'List all alerts': 'Elencare le segnalazioni',
      'Name of the notification.': 'Nome della segnalazione.',
    }),
  );
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/check-glossary.mjs', '--glossary', path.join(dir, 'GLOSSARY.md'), ...args], {
      encoding: 'utf8',
    });
  const bad = run(path.join(dir, 'bad.md'));
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /bad\.md:1: "allerta" — use "alert"/);
  assert.equal(run(path.join(dir, 'code.json')).status, 0);
  const api = run(path.join(dir, 'api'));
  assert.equal(api.status, 1);
  assert.match(api.stderr, /openapi\.json:1: "segnalazioni" — use "alert" for alerts/);
  assert.doesNotMatch(api.stderr, /openapi\.json:2:/);
  assert.equal(run('/no/such/dir').status, 2);
  assert.equal(run('--bogus').status, 2);
});
