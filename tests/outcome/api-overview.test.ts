// Outcome test of the API overview's first exchange (bash, curl and jq), both languages: the page's
// block runs against the mock API made from api/openapi.yaml, once with this machine's curl and once
// with a stand-in for the curl of RHEL 8 or Debian 11, which refuses options added in 7.76 or later.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFile, spawnSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {loadDefinition} from '../../src/plugins/api-reference/definition.mjs';
import {API_DEFINITION, ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';
import {blockByTitle} from '../support/code-blocks';
import {startMockApi, type MockApi} from '../support/mock-api';
import {tempDir} from '../support/temp';

const SPEC = API_DEFINITION;
const BLOCKS = [
  ['docs/api/overview.md', 'Sign in, list, page through results (bash, curl and jq)'],
  [`${ITALIAN_DOCS_DIR}/api/overview.md`, 'Accesso, elenco, paginazione (bash, curl e jq)'],
].map(([file, title]) => ({file, code: blockByTitle(file, title).code}));

type Operation = {
  operationId: string;
  operation: {responses: Record<string, {content?: Record<string, {example?: unknown}>}>};
};
const example = (id: string) =>
  (loadDefinition(SPEC) as {operations: Operation[]}).operations.find((entry) => entry.operationId === id)!.operation
    .responses['200'].content!['application/json'].example as {data: Record<string, unknown>};
const TOKEN = (example('signin').data as {token: string}).token;

// Options added after curl 7.61 that a page might reach for (each option's page on curl.se gives
// its release: --fail-with-body 7.76, --retry-all-errors 7.71, --json 7.82, --no-clobber 7.83,
// --url-query 7.87).
const NEWER_OPTIONS = ['--fail-with-body', '--retry-all-errors', '--json', '--url-query', '--no-clobber'];
const dir = tempDir('outcome-api');
writeFileSync(
  path.join(dir, 'curl'),
  `#!/bin/sh
for option in "$@"; do
  case "$option" in ${NEWER_OPTIONS.join('|')}) echo "curl: option $option: is unknown" >&2; exit 2 ;; esac
done
exec ${spawnSync('sh', ['-c', 'command -v curl'], {encoding: 'utf8'}).stdout.trim()} "$@"
`,
  {mode: 0o755},
);

let mock: MockApi;
before(async () => {
  mock = await startMockApi({specPath: SPEC, token: TOKEN});
});
after(() => mock.close());

/** Runs the block with the mock's address, a password on standard input and the given PATH. */
const run = (code: string, PATH: string, firstPage = '0') =>
  new Promise<{status: number; stdout: string; stderr: string}>((resolve) => {
    const child = execFile(
      'bash',
      [
        '-c',
        code.replace('https://seerbox.example:53443', mock.origin).replace(/^FIRST_PAGE=0/m, `FIRST_PAGE=${firstPage}`),
      ],
      {env: {PATH, HOME: dir}, encoding: 'utf8'},
      (error, stdout, stderr) => resolve({status: error ? Number(error.code ?? 1) : 0, stdout, stderr}),
    );
    child.stdin?.end('secret\n');
  });

for (const {file, code} of BLOCKS) {
  for (const [curl, PATH] of [
    ['this machine’s curl', process.env.PATH ?? ''],
    ['a curl older than 7.76', `${dir}:${process.env.PATH}`],
  ]) {
    test(`${file}: the exchange signs in, lists alerts and reads every host page, with ${curl}`, async () => {
      mock.received.length = 0;
      const result = await run(code, PATH);
      assert.equal(result.stderr, '');
      assert.equal(result.status, 0);
      assert.deepEqual(
        mock.received.filter((request) => request.problems.length),
        [],
        'the mock found requests that do not match the definition',
      );
      const ids = mock.received.map((request) => request.operationId);
      assert.deepEqual(ids.slice(0, 2), ['signin', 'listAlerts']);
      assert.ok(ids.length > 2 && ids.slice(2).every((id) => id === 'listHosts'), ids.join(', '));
      // The newline after the password prompt, the alerts array, one {name, id} line per host.
      const [host] = example('listHosts').data.hosts as {name: string; id: string}[];
      assert.equal(result.stdout, `\n[]\n${JSON.stringify({name: host.name, id: host.id})}\n`);
    });
  }

  test(`${file}: a refused call shows the status and the product's message`, async () => {
    const result = await run(code, `${dir}:${process.env.PATH}`, 'first');
    assert.match(result.stderr, /HTTP 400: .*page=first is not an integer/);
  });
}
