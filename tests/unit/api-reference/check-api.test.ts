import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {checkApi, directiveIds, proseProblems} from '../../../src/plugins/api-reference/check.mjs';
import {loadDefinition} from '../../../src/plugins/api-reference/definition.mjs';
import {tempDir} from '../../support/temp';
import {API_DEFINITION, ITALIAN_DOCS_DIR} from '../../../src/utils/sitePaths.mjs';

const mini = path.resolve('tests/fixtures/api/mini.yaml');

const page = (body: string) => `---
title: Things
description: Things.
toc_max_heading_level: 2
---

Things are tested here.

::operation{id="listThings"}

::operation{id="touchThing"}
${body}`;

const italian = {
  'List all things': 'Elencare tutte le cose',
  'Returns the things.': 'Restituisce le cose.',
  'Index of the page.': 'Indice della pagina.',
  'Colour of the thing.': 'Colore della cosa.',
  'The payload.': 'Il contenuto.',
  'Things in this page.': 'Le cose di questa pagina.',
  'Identifier of the thing.': 'Identificativo della cosa.',
  'When it was seen.': 'Quando è stata vista.',
  'Outcome in words.': "L'esito a parole.",
  'Outcome code.': "Il codice dell'esito.",
  'Touch a thing': 'Toccare una cosa',
  'Touches one thing.': 'Tocca una cosa.',
  'Touch even if locked.': 'Toccare anche se bloccata.',
};

const LABELS = 'i18n/it/seerbox-api-reference/labels.json';
/** The site's own Italian labels: a clean project has them all. */
const italianLabels: Record<string, {message: string; description?: string}> = JSON.parse(readFileSync(LABELS, 'utf8'));

/** A throw-away project holding the mini definition, one page, its twin, the translations and the labels. */
function project({
  english = page(''),
  twin = page(''),
  translations = italian as Record<string, string>,
  labels = italianLabels,
} = {}) {
  const root = tempDir('check-api');
  mkdirSync(path.join(root, 'api'));
  let spec = readFileSync(mini, 'utf8');
  // The mini fixture leaves two descriptions out on purpose (see below); a clean project has them.
  spec = spec
    .replace(
      'x-page: things\n      x-derived: true',
      'description: Touches one thing.\n      x-page: things\n      x-derived: true',
    )
    .replace(
      '                          things:\n',
      '                          things:\n                            description: Things in this page.\n',
    );
  writeFileSync(path.join(root, API_DEFINITION), spec);
  mkdirSync(path.join(root, 'docs', 'api'), {recursive: true});
  writeFileSync(path.join(root, 'docs', 'api', 'things.md'), english);
  const twins = path.join(root, ITALIAN_DOCS_DIR, 'api');
  mkdirSync(twins, {recursive: true});
  writeFileSync(path.join(twins, 'things.md'), twin);
  writeFileSync(path.join(root, 'i18n', 'it', 'openapi.json'), JSON.stringify(translations));
  mkdirSync(path.join(root, 'i18n', 'it', 'seerbox-api-reference'));
  writeFileSync(path.join(root, LABELS), JSON.stringify(labels));
  return root;
}

test('a consistent project has no problems', async () => {
  const {problems, operations} = await checkApi(project());
  assert.deepEqual(problems, []);
  assert.equal(operations, 2);
});

test('the lint rules catch missing descriptions (the raw mini fixture lacks two)', async () => {
  const root = project();
  cpSync(mini, path.join(root, API_DEFINITION));
  const {problems} = await checkApi(root);
  assert.ok(
    problems.some((p) => /touchThing\): no description/.test(p)),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((p) => /field data\.things has no description/.test(p)),
    problems.join('\n'),
  );
});

test('an operation missing from a page, or an unknown one, is reported', async () => {
  const english = page('').replace('::operation{id="touchThing"}\n', '');
  const twin = page('\n::operation{id="eraseThing"}\n');
  const {problems} = await checkApi(project({english, twin}));
  assert.ok(
    problems.some((p) => /docs\/api\/things\.md: operation touchThing of the definition is not on the page/.test(p)),
  );
  assert.ok(problems.some((p) => /i18n\/it\/things\.md: ::operation "eraseThing" is not in the definition/.test(p)));
});

test('prose naming a path, status code or parameter the definition lacks is reported', async () => {
  const english = page(
    '\nCall `DELETE /api/v1/things/<id>` or `/api/v1/gadgets`; it answers status 404. Set the `size` parameter.\n',
  );
  const {problems} = await checkApi(project({english}));
  const text = problems.join('\n');
  assert.match(text, /names DELETE \/api\/v1\/things\/<id>, which is not an operation/);
  assert.match(text, /names the path \/api\/v1\/gadgets/);
  assert.match(text, /names status 404/);
  assert.match(text, /names the parameter size/);
});

test('prose naming what the definition has is fine', () => {
  const definition = loadDefinition(mini);
  const text =
    'Use `GET /api/v1/things` with the `colour` parameter; it may answer status 403. See `/api/v1/things/{id}`.';
  assert.deepEqual(proseProblems(text, definition.operations, definition.operations), []);
});

test('missing, untranslated and unused translations are reported', async () => {
  const translations: Record<string, string> = {
    ...italian,
    'Old text.': 'Testo vecchio.',
    'Outcome code.': 'Outcome code.',
  };
  delete translations['When it was seen.'];
  const {problems} = await checkApi(project({translations}));
  const text = problems.join('\n');
  assert.match(text, /no translation of "When it was seen\."/);
  assert.match(text, /"Outcome code\." is not translated/);
  assert.match(text, /"Old text\." is no longer used/);
});

test('missing, untranslated, empty and unused Italian labels are reported; labels the same in Italian are not', async () => {
  const labels: typeof italianLabels = {...italianLabels, old: {message: 'Vecchio'}};
  delete labels.responses;
  labels.request = {message: 'Request'};
  labels.status = {message: ' '};
  const {problems} = await checkApi(project({labels}));
  assert.deepEqual(problems, [
    `${LABELS}: the label "request" is not translated ("Request")`,
    `${LABELS}: no translation of the label "responses" ("Responses")`,
    `${LABELS}: empty translation of the label "status"`,
    `${LABELS}: the label "old" is no longer used`,
  ]);
  assert.equal(italianLabels.no.message, 'No', '"No" is Italian too, and passes');
  const root = project();
  rmSync(path.join(root, LABELS));
  assert.deepEqual((await checkApi(root)).problems, [`${LABELS}: missing (npm run write-translations -- --locale it)`]);
});

test('an invalid definition stops the check with the validator message', async () => {
  const root = project();
  writeFileSync(path.join(root, API_DEFINITION), 'openapi: 3.1.0\npaths: {}\n');
  const {problems} = await checkApi(root);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /not a valid OpenAPI document/);
});

test('directiveIds reads the directives in order', () => {
  assert.deepEqual(directiveIds(page('')), ['listThings', 'touchThing']);
});

test('a page without operations (the overview) may name whatever the whole definition has', () => {
  const definition = loadDefinition(mini);
  const text =
    'Send the `page` parameter; protected operations answer status 403. The `size` parameter does not exist.';
  assert.deepEqual(proseProblems(text, definition.operations, []), [
    'names the parameter size, which no operation of this page has',
  ]);
});

test('an example that does not match its schema is reported', async () => {
  const root = project();
  const file = path.join(root, API_DEFINITION);
  writeFileSync(file, readFileSync(file, 'utf8').replace('seen: 1700000000000000', 'seen: yesterday'));
  const {problems} = await checkApi(root);
  assert.deepEqual(problems, [
    'GET /api/v1/things (listThings): response 200 example: /data/things/0/seen must be integer',
  ]);
});

test('an example that omits a required query parameter fails the check', async () => {
  const root = project();
  const file = path.join(root, 'api', 'openapi.yaml');
  // A required list whose example is empty: the generated request carries no colour at all.
  const required = readFileSync(file, 'utf8').replace(
    'description: Colour of the thing.\n          schema: {type: string, enum: [red, blue]}',
    'required: true\n          description: Colour of the thing.\n          schema: {type: array, items: {type: string}, example: []}',
  );
  writeFileSync(file, required);
  const {problems} = await checkApi(root);
  assert.deepEqual(problems, [
    'GET /api/v1/things (listThings): the example lacks the required query parameter colour',
  ]);
  // The same parameter with a value in its example passes.
  writeFileSync(file, required.replace('example: []}', 'example: [red]}'));
  assert.deepEqual((await checkApi(root)).problems, []);
});
