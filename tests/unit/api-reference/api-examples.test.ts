import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {loadDefinition} from '../../../src/plugins/api-reference/definition.mjs';
import {exampleProblems, exampleSnippets, LANGUAGES} from '../../../src/plugins/api-reference/examples.mjs';
import {startMockApi, type MockApi} from '../../support/mock-api';
import {blockByTitle} from '../../support/code-blocks';
import {tempDir} from '../../support/temp';
import {API_DEFINITION, ITALIAN_DOCS_DIR} from '../../../src/utils/sitePaths.mjs';

// Every operation's generated examples are sent, in each language that runs here
// (curl, Python 3 with requests, Node), to a mock of the API made from the same
// definition; the mock checks each request against its operation.
const spec = path.resolve(API_DEFINITION);
const {operations} = loadDefinition(spec);
const byId = (id: string) => operations.find((entry) => entry.operationId === id)!;
// The mock accepts the token that the sign-in example returns, so a whole exchange works.
const signedIn = byId('signin').operation.responses['200']?.content?.['application/json']?.example;
const TOKEN = (signedIn as {data: {token: string}}).data.token;
let mock: MockApi;
const work = tempDir('api-examples');

before(async () => {
  mock = await startMockApi({specPath: spec, token: TOKEN});
});
after(() => mock.close());

/**
 * Runs a command without blocking this process, which also serves the mock
 * (a synchronous spawn would leave the mock unable to answer).
 */
function run(command: string, args: string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${command} exited with ${code}:\n${stderr}${stdout}`)),
    );
    child.stdin.end(input);
  });
}

const has = (command: string, args: string[]) => spawnSync(command, args, {stdio: 'ignore'}).status === 0;

const END = '@@end-of-example@@';

/**
 * How to run the examples of one language, all in one process (one start-up
 * per language, not per operation), each followed by an END line; null when
 * the language cannot run on this machine.
 */
const runners: Record<string, ((codes: string[]) => Promise<string>) | null> = {
  curl: (codes) => run('bash', ['-c', codes.map((code) => `${code}\necho; echo ${END}`).join('\n')]),
  python: (codes) =>
    run(
      'python3',
      [
        '-c',
        `import json, sys\nfor code in json.load(sys.stdin):\n    exec(code, {})\n    print("${END}", flush=True)`,
      ],
      JSON.stringify(codes),
    ),
  javascript: (codes) => {
    const files = codes.map((code, index) => {
      const file = path.join(work, `example-${index}.mjs`);
      writeFileSync(file, code);
      return file;
    });
    const runner = path.join(work, 'run-all.mjs');
    writeFileSync(
      runner,
      `for (const file of ${JSON.stringify(files)}) {\n  await import(file);\n  console.log(${JSON.stringify(END)});\n}\n`,
    );
    return run(process.execPath, [runner]);
  },
  powershell: null,
};

test('the machine can run the curl, Python and Node examples', () => {
  assert.ok(has('curl', ['--version']), 'curl is missing: install Debian package curl');
  assert.ok(
    has('python3', ['-c', 'import requests']),
    'python3 with requests is missing: install Debian package python3-requests (.ci/run does)',
  );
});

for (const language of LANGUAGES) {
  test(`${language.label} examples reach the mock API as their operation asks`, async (t) => {
    const runner = runners[language.value];
    if (!runner) {
      if (has('pwsh', ['-NoProfile', '-Command', 'exit 0'])) {
        // Syntax only: a parse of each example, no request.
        for (const entry of operations) {
          const {code} = exampleSnippets(entry, {origin: mock.origin, token: TOKEN}).find(
            (snippet) => snippet.value === language.value,
          )!;
          const check = `$e=$null; [void][System.Management.Automation.Language.Parser]::ParseInput(@'\n${code}\n'@, [ref]$null, [ref]$e); if ($e) { $e; exit 1 }`;
          execFileSync('pwsh', ['-NoProfile', '-Command', check], {encoding: 'utf8'});
        }
        return;
      }
      t.skip(
        'pwsh is not installed: the PowerShell examples are NOT syntax-checked here; they come from the same tested request (httpsnippet powershell/restmethod)',
      );
      return;
    }
    const codes = operations.map(
      (entry) =>
        exampleSnippets(entry, {origin: mock.origin, token: TOKEN}).find((snippet) => snippet.value === language.value)!
          .code,
    );
    const before = mock.received.length;
    const outputs = (await runner(codes)).split(`${END}\n`);
    const got = mock.received.slice(before);
    assert.equal(got.length, operations.length, `${language.label}: one request per operation`);
    operations.forEach((entry: {operationId: string; operation: {responses: object}}, index: number) => {
      assert.equal(
        got[index].operationId,
        entry.operationId,
        `${language.label}: ${got[index].method} ${got[index].url}`,
      );
      assert.deepEqual(got[index].problems, [], `${entry.operationId} (${language.label}) request:\n${codes[index]}`);
      const success = Object.entries(entry.operation.responses).find(([status]) => status.startsWith('2'))!;
      const message = (success[1] as {content: {'application/json': {example: {message: string}}}}).content[
        'application/json'
      ].example.message;
      assert.ok(
        outputs[index].includes(message),
        `${entry.operationId} (${language.label}) printed the response:\n${outputs[index]}`,
      );
    });
  });
}

test('the examples shown on the pages use the placeholders of the API overview', () => {
  const listAlerts = byId('listAlerts');
  const [curl] = exampleSnippets(listAlerts);
  assert.match(
    curl.code,
    /--url 'https:\/\/seerbox\.example:53443\/api\/v1\/alerts\?paginate=true&page=0&page_size=20'/,
  );
  assert.match(curl.code, /--header 'Authorization: Bearer YOUR_TOKEN'/);
  assert.doesNotMatch(curl.code, /Content-Type/);
});

test('the mock refuses a request that misses a required parameter, the token or the body', async () => {
  const call = (url: string, init?: RequestInit) =>
    fetch(`${mock.origin}${url}`, init).then((response) => response.status);
  const auth = {Authorization: `Bearer ${TOKEN}`};
  assert.equal(await call('/api/v1/alerts?paginate=true&page=0&page_size=5', {headers: auth}), 200);
  assert.equal(await call('/api/v1/alerts', {headers: auth}), 400, 'paginate missing');
  assert.equal(await call('/api/v1/alerts?paginate=true', {headers: auth}), 400, 'page and page_size missing');
  assert.equal(await call('/api/v1/alerts?paginate=true&page=0&page_size=5'), 400, 'no token');
  assert.equal(await call('/api/v1/alerts?paginate=yes&page=0&page_size=5', {headers: auth}), 400, 'not a boolean');
  assert.equal(await call('/api/v1/signin', {method: 'POST'}), 400, 'no body');
  assert.equal(
    await call('/api/v1/users', {headers: {...auth, 'Content-Type': 'application/json'}}),
    400,
    'body header without a body',
  );
  assert.equal(await call('/api/v1/nothing', {headers: auth}), 400);
});

test('the report schedules example pages its result, and the mock refuses the call without paging', async () => {
  // The product marks paginate as required on this list (provenance/api.md §21): a bare call gets 400.
  const [curl] = exampleSnippets(byId('listReportSchedules'));
  assert.match(curl.code, /\/api\/v1\/reports\/schedules\?paginate=true&page=0&page_size=20'/);
  const auth = {Authorization: `Bearer ${TOKEN}`};
  const status = (url: string) => fetch(`${mock.origin}${url}`, {headers: auth}).then((response) => response.status);
  assert.equal(await status('/api/v1/reports/schedules'), 400);
  assert.equal(await status('/api/v1/reports/schedules?paginate=true&page=0&page_size=5'), 200);
});

test('check:api finds a required parameter missing from an example, and body headers without a body', () => {
  const listAlerts = byId('listAlerts');
  const url = 'https://seerbox.example:53443/api/v1/alerts';
  const bearer = "--header 'Authorization: Bearer YOUR_TOKEN'";
  assert.deepEqual(exampleProblems(listAlerts, `curl --url '${url}?paginate=true&page=0&page_size=20' ${bearer}`), []);
  assert.deepEqual(exampleProblems(listAlerts, `curl --url '${url}?page=0' ${bearer}`), [
    'the example lacks the required query parameter paginate',
  ]);
  assert.deepEqual(exampleProblems(listAlerts, `curl --url '${url}?paginate=true' ${bearer}`), [
    'the example lacks the required query parameter page',
    'the example lacks the required query parameter page_size',
  ]);
  assert.deepEqual(
    exampleProblems(
      listAlerts,
      `curl --url '${url}?paginate=true&page=0&page_size=1' ${bearer} --header 'Content-Type: application/json'`,
    ),
    ['the example sends Content-Type without a body'],
  );
  assert.deepEqual(exampleProblems(listAlerts, `curl --url '${url}?paginate=true&page=0&page_size=1'`), [
    'the example lacks the bearer token',
  ]);
});

test('the first exchange of the API overview runs against the mock (bash, curl, jq)', async () => {
  assert.ok(has('jq', ['--version']), 'jq is missing: install Debian package jq');
  for (const [file, title] of [
    ['docs/api/overview.md', 'Sign in, list, page through results (bash, curl and jq)'],
    [`${ITALIAN_DOCS_DIR}/api/overview.md`, 'Accesso, elenco, paginazione (bash, curl e jq)'],
  ]) {
    const {code} = blockByTitle(file, title);
    // The reader's values: the mock's address, and a password on standard input.
    const script = code.replace('https://seerbox.example:53443', mock.origin);
    assert.notEqual(script, code, 'the block sets SEERBOX_URL to the placeholder');
    const before = mock.received.length;
    const output = await run('bash', ['-c', `set -euo pipefail\n${script}`], 'secret\n');
    const got = mock.received.slice(before);
    assert.deepEqual(
      got.map((request) => request.operationId),
      ['signin', 'listAlerts', 'listHosts'],
      file,
    );
    assert.deepEqual(
      got.flatMap((request) => request.problems),
      [],
    );
    assert.match(output, /"name":"www\.service-test\.it"/);
  }
});
