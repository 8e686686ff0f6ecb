import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {exampleFor, loadDefinition, resolveRefs, schemaFields} from '../../../src/plugins/api-reference/definition.mjs';
import {ENGLISH_LABELS, loadLabels} from '../../../src/plugins/api-reference/labels.mjs';
import remarkApiOperations, {
  curlExample,
  operationNodes,
} from '../../../src/plugins/api-reference/remarkOperations.mjs';
import {localeOfFile} from '../../../src/utils/locale.mjs';
import {tempDir} from '../../support/temp';
import {ITALIAN_DOCS_DIR} from '../../../src/utils/sitePaths.mjs';

const mini = path.resolve('tests/fixtures/api/mini.yaml');
const definition = loadDefinition(mini);
const [listThings, touchThing] = definition.operations;

type Node = {
  type: string;
  value?: string;
  depth?: number;
  children?: Node[];
  data?: {hProperties?: Record<string, string>};
};
const textOf = (node: Node): string => node.value ?? (node.children ?? []).map(textOf).join('');
const tableOf = (nodes: Node[], part: string) =>
  nodes.find((node) => node.type === 'table' && node.data?.hProperties?.['data-api-table'] === part);
const columnOf = (table: Node | undefined, index = 0) =>
  (table?.children ?? []).slice(1).map((row) => textOf(row.children![index]));

test('resolveRefs inlines local references and refuses others', () => {
  const doc = resolveRefs({a: {$ref: '#/b'}, b: {c: 1}});
  assert.deepEqual(doc.a, {c: 1});
  assert.throws(() => resolveRefs({a: {$ref: 'other.yaml#/x'}}), /Only local \$ref/);
  assert.throws(() => resolveRefs({a: {$ref: '#/missing'}}), /Unresolved \$ref/);
  assert.throws(() => resolveRefs({a: {$ref: '#/a'}}), /Circular \$ref/);
});

test('schemaFields flattens envelopes, arrays and allOf with dotted names', () => {
  const schema = listThings.operation.responses['200']?.content?.['application/json']?.schema;
  assert.deepEqual(
    schemaFields(schema).map((row: {name: string; type: string}) => `${row.name}: ${row.type}`),
    [
      'data: object',
      'data.things: array<object>',
      'data.things[].id: string',
      'data.things[].seen: integer (int64)',
      'message: string',
      'status: string',
    ],
  );
});

test('exampleFor builds an example from property examples and types', () => {
  assert.deepEqual(
    exampleFor({
      type: 'object',
      properties: {a: {type: 'string', example: 'x'}, b: {type: 'array', items: {type: 'integer'}}},
    }),
    {a: 'x', b: [0]},
  );
});

test('one operation renders heading, endpoint, parameters, statuses, fields and curl', () => {
  const nodes = operationNodes(listThings) as Node[];
  const heading = nodes[0];
  assert.equal(heading.type, 'heading');
  assert.equal(heading.depth, 2);
  assert.equal(textOf(heading), 'GETList all things', 'method badge, then the summary');
  assert.equal((heading.children![0] as Node & {name?: string}).name, 'span');
  assert.equal(heading.data?.hProperties?.id, 'list-all-things');
  assert.equal(textOf(nodes[1]), 'GET /api/v1/things');
  assert.deepEqual(columnOf(tableOf(nodes, 'parameters')), ['page', 'colour']);
  assert.match(textOf(tableOf(nodes, 'parameters')!), /One of: red, blue\./);
  assert.deepEqual(columnOf(tableOf(nodes, 'status-codes')), ['200', '403']);
  assert.deepEqual(columnOf(tableOf(nodes, 'status-codes'), 1), ['List of things', 'Forbidden']);
  assert.deepEqual(columnOf(tableOf(nodes, 'headers')), ['Authorization']);
  assert.ok(columnOf(tableOf(nodes, 'response-200')).includes('data.things[].id'));
  const codes = nodes.filter((node) => node.type === 'code');
  assert.equal(JSON.parse(codes[0].value!).message, 'List of things');
  // The examples: four languages in tabs of one group, curl first.
  const tabs = nodes.at(-1) as Node & {name?: string; attributes?: {name: string; value: string}[]};
  assert.equal(tabs.type, 'mdxJsxFlowElement');
  assert.equal(tabs.name, 'Tabs');
  assert.deepEqual(tabs.attributes, [{type: 'mdxJsxAttribute', name: 'groupId', value: 'api-example-language'}]);
  assert.deepEqual(
    tabs.children!.map((item) => textOf(item.children![0]).split('\n')[0]),
    [
      'curl --request GET \\',
      'import requests',
      "const url = 'https://seerbox.example:53443/api/v1/things';",
      '$headers=@{}',
    ],
  );
});

test('an operation without a token, with a body and derived, says so', () => {
  const nodes = operationNodes(touchThing) as Node[];
  assert.equal(tableOf(nodes, 'headers') && columnOf(tableOf(nodes, 'headers')).join(), 'Content-Type');
  assert.ok(nodes.some((node) => node.type === 'paragraph' && /needs no token/.test(textOf(node))));
  assert.ok(
    nodes.some((node) => node.type === 'containerDirective'),
    'derived note',
  );
  assert.deepEqual(columnOf(tableOf(nodes, 'request-body')), ['force']);
  assert.doesNotMatch(curlExample(touchThing), /Authorization/);
  assert.match(curlExample(touchThing), /--data '\{"force":true\}'/);
  assert.match(curlExample(touchThing), /--url https:\/\/seerbox\.example:53443\/api\/v1\/things\/ID\b/);
  assert.doesNotMatch(curlExample(listThings), /Content-Type/, 'no body header without a body');
});

test("the request's Content-Type is its body's media type, JSON only when the body is JSON", () => {
  const headers = (content: Record<string, unknown>) => {
    const entry = {...touchThing, operation: {...touchThing.operation, requestBody: {content}}};
    const table = tableOf(operationNodes(entry as typeof touchThing) as Node[], 'headers');
    return [columnOf(table, 1).join(), columnOf(table, 3).join()];
  };
  const schema = {type: 'string'};
  assert.deepEqual(headers({'application/json': {schema}}), ['application/json', 'The body is JSON.']);
  assert.deepEqual(headers({'text/plain': {schema}}), ['text/plain', '']);
  assert.deepEqual(headers({'text/csv': {schema}, 'application/json': {schema}}), [
    'application/json',
    'The body is JSON.',
  ]);
});

test('Italian rendering uses the labels of i18n/it and the translations, and refuses a missing one', () => {
  const labels = loadLabels(path.resolve('i18n'), 'it');
  const translations: Record<string, string> = {'List all things': 'Elencare tutte le cose'};
  const translate = (value: string) => {
    if (!(value in translations)) throw new Error(`missing ${value}`);
    return translations[value];
  };
  assert.throws(() => operationNodes(listThings, {labels, translate}), /missing Returns the things\./);
  const nodes = operationNodes(listThings, {
    labels,
    translate: (value: string) => translations[value] ?? `IT ${value}`,
  }) as Node[];
  assert.equal(textOf(nodes[0]), 'GETElencare tutte le cose');
  assert.equal(nodes[0].data?.hProperties?.id, 'list-all-things', 'anchors stay English');
  assert.ok(nodes.some((node) => node.type === 'heading' && textOf(node) === 'Risposte'));
  assert.match(textOf(tableOf(nodes, 'parameters')!), /Valori ammessi: red, blue\./);
  assert.deepEqual(columnOf(tableOf(nodes, 'status-codes'), 2), [
    'La richiesta è andata a buon fine.',
    "L'utente del token non è autorizzato a eseguire questa operazione.",
  ]);
});

test('labels: English from the code, other locales from their translation file, which must be complete', () => {
  assert.equal(loadLabels('/nowhere', 'en').request, ENGLISH_LABELS.request.message);
  assert.throws(
    () => loadLabels(path.resolve('i18n'), 'xx'),
    /No labels for locale "xx": .*xx\/seerbox-api-reference\/labels\.json/,
  );
  const root = tempDir('api-labels');
  mkdirSync(path.join(root, 'it', 'seerbox-api-reference'), {recursive: true});
  const file = path.join(root, 'it', 'seerbox-api-reference', 'labels.json');
  writeFileSync(file, JSON.stringify({request: {message: 'Richiesta'}}));
  assert.throws(() => loadLabels(root, 'it'), /lacks the API labels responses, example/);
  writeFileSync(file, JSON.stringify({request: 'Richiesta'}));
  assert.throws(() => loadLabels(root, 'it'), /"request" has no "message" string/);
});

test('localeOfFile reads the locale from i18n paths', () => {
  assert.equal(localeOfFile('/site/docs/api/license.md'), 'en');
  assert.equal(localeOfFile(`/site/${ITALIAN_DOCS_DIR}/api/license.md`), 'it');
});

test('the plugin replaces directives and rejects unknown operation ids', async () => {
  const root = tempDir('api-ops');
  mkdirSync(path.join(root, 'it', 'seerbox-api-reference'), {recursive: true});
  writeFileSync(path.join(root, 'it', 'openapi.json'), '{}');
  cpSync('i18n/it/seerbox-api-reference/labels.json', path.join(root, 'it', 'seerbox-api-reference', 'labels.json'));
  const transform = remarkApiOperations({specPath: mini, i18nDir: root});
  const tree: Node = {
    type: 'root',
    children: [
      {type: 'paragraph', children: [{type: 'text', value: 'Intro'}]},
      {type: 'leafDirective', name: 'operation', attributes: {id: 'listThings'}, children: []} as unknown as Node,
    ],
  };
  await transform(tree, {path: '/site/docs/api/things.md'});
  // Tabs and TabItem are imported once, at the top of the page.
  assert.equal(tree.children![0].type, 'mdxjsEsm');
  assert.match(tree.children![0].value!, /^import Tabs from '@theme\/Tabs';\nimport TabItem from '@theme\/TabItem';$/);
  assert.equal(tree.children![1].type, 'paragraph');
  assert.equal(textOf(tree.children![2]), 'GETList all things');
  assert.ok(!tree.children!.some((node) => node.type === 'leafDirective'));

  const bad: Node = {
    type: 'root',
    children: [{type: 'leafDirective', name: 'operation', attributes: {id: 'nope'}, children: []} as unknown as Node],
  };
  await assert.rejects(transform(bad, {path: '/site/docs/api/things.md'}), /"nope"\} is not an operationId/);
  const italian: Node = {
    type: 'root',
    children: [
      {type: 'leafDirective', name: 'operation', attributes: {id: 'listThings'}, children: []} as unknown as Node,
    ],
  };
  await assert.rejects(
    transform(italian, {path: '/site/i18n/it/x/api/things.md'}),
    /No it translation of the API description "List all things"/,
  );
  assert.throws(() => remarkApiOperations({} as never), /needs specPath and i18nDir/);
});
