// What the tests of the scripts that pages ship have in common: a loopback feed server, a runner,
// and the checks every shipped script gets (same code on the Italian page, ShellCheck clean).
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFile, spawnSync} from 'node:child_process';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {withoutShellComments, type CodeBlock} from './code-blocks';

export type Run = {status: number | null; stdout: string; stderr: string};

/** Runs a bash script with exactly `env`; asynchronous, because the feed server answers from this process. */
export const runScript = (file: string, env: NodeJS.ProcessEnv) =>
  new Promise<Run>((resolve) => {
    execFile('bash', [file], {env, encoding: 'utf8'}, (error, stdout, stderr) =>
      resolve({status: error ? Number(error.code ?? 1) : 0, stdout, stderr}),
    );
  });

/**
 * Serves `feeds` on loopback for the whole test file, as the Seer Box feed port would: 200 with the
 * body at `/feeds/<name>`, 404 for an unknown name, 500 for `broken`. Returns the URL of a feed.
 */
export function feedsOnLoopback(feeds: Record<string, string>) {
  const server = createServer((request, response) => {
    const name = (request.url ?? '').replace(/^\/feeds\//, '');
    if (name === 'broken') return void response.writeHead(500).end('upstream error');
    if (!(name in feeds)) return void response.writeHead(404).end();
    response.writeHead(200, {'Content-Type': 'text/plain'}).end(feeds[name]);
  });
  before(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  after(() => server.close());
  return (name: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/feeds/${name}`;
}

/** The same server as a Node program, for a process that runs in another network namespace: `node -e program DIR [ADDRESS]`. */
export const feedServerProgram = `
const {createServer} = require('node:http');
const {readFileSync, existsSync} = require('node:fs');
const dir = process.argv[1];
createServer((request, response) => {
  const name = (request.url || '').replace(/^\\/feeds\\//, '');
  if (name === 'broken') return void response.writeHead(500).end('upstream error');
  const file = dir + '/' + name.replace(/[^a-z0-9-]/g, '_');
  if (!existsSync(file)) return void response.writeHead(404).end();
  response.writeHead(200, {'Content-Type': 'text/plain'}).end(readFileSync(file));
}).listen(8080, process.argv[2] || '127.0.0.1', () => console.log('ready'));
`;

/** Registers the tests every shipped script gets: the Italian page's copy and ShellCheck. */
export function commonScriptTests(english: CodeBlock, italian: CodeBlock) {
  test('the Italian page ships the same script (comments translated)', () => {
    assert.equal(withoutShellComments(italian.code), withoutShellComments(english.code));
    assert.notEqual(italian.code, english.code, 'the Italian comments are translated');
  });

  test('missing settings stop the script with the name of the setting', () => {
    const result = spawnSync('bash', ['-c', english.code], {
      encoding: 'utf8',
      env: {PATH: process.env.PATH, CONFIG_FILE: '/nonexistent'},
    });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /FEED_URL is not set/);
  });

  test('ShellCheck finds nothing at warning level', (t) => {
    const check = spawnSync('shellcheck', ['-S', 'warning', '-s', 'bash', '-'], {
      input: english.code,
      encoding: 'utf8',
    });
    if (check.error) {
      if (process.env.CI) assert.fail('shellcheck is not installed (.ci/run installs it)');
      return t.skip('shellcheck is not installed: apt-get install shellcheck');
    }
    assert.equal(check.status, 0, check.stdout);
  });
}

/**
 * A feed that answers 404, then one that answers 500: each run must end with status 1 and curl's
 * reason, and `kept` checks that what was in force before is still in force.
 */
export async function expectFailedDownloads(run: (feed: string) => Run | Promise<Run>, kept: (result: Run) => void) {
  for (const feed of ['missing', 'broken']) {
    const result = await run(feed);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /returned error: (404|500)/);
    kept(result);
  }
}
