import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseCommandLine, UsageError, wholeNumber} from '../../scripts/lib/cli.mjs';
import {tempDir} from '../support/temp';

test('parseCommandLine: declared options, --help, and a UsageError for anything else', () => {
  const spec = {options: {dir: {type: 'string' as const, default: 'build'}}, allowPositionals: true};
  assert.deepEqual({...parseCommandLine(['--dir', 'out', 'page.md'], spec).values}, {dir: 'out'});
  assert.deepEqual(parseCommandLine(['x'], spec).positionals, ['x']);
  assert.equal((parseCommandLine(['-h'], spec).values as {help?: boolean}).help, true);
  assert.throws(() => parseCommandLine(['--nope'], spec), UsageError);
  assert.throws(() => parseCommandLine(['--dir'], spec), /argument missing/);
  assert.throws(() => parseCommandLine(['stray']), /Unexpected argument 'stray'/);
  assert.equal(wholeNumber('n', undefined, 7), 7);
  assert.equal(wholeNumber('n', '12', 7), 12);
  assert.throws(() => wholeNumber('n', '-1', 7), /--n needs a whole number, got "-1"/);
});

test('runCli: exit 0 on success and --help, 1 on a failed check or an error, 2 on bad usage', () => {
  const dir = tempDir('cli');
  const script = path.join(dir, 'tool.mjs');
  writeFileSync(
    script,
    `import {runCli, UsageError} from ${JSON.stringify(path.resolve('scripts/lib/cli.mjs'))};
runCli(import.meta.url, {name: 'tool', usage: 'Usage: tool [--mode M]', options: {mode: {type: 'string'}}}, async ({mode}) => {
  if (mode === 'fail') return 1;
  if (mode === 'throw') throw new Error('disk on fire');
  if (mode === 'bad') throw new UsageError('mode "bad" is not a mode');
  console.log('ran');
});
export const imported = true;
`,
  );
  const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], {encoding: 'utf8'});
  const cases: Array<[string[], number, RegExp]> = [
    [[], 0, /^ran/],
    [['--help'], 0, /^Usage: tool/],
    [['--mode', 'fail'], 1, /^$/],
    [['--mode', 'throw'], 1, /^tool: disk on fire\n$/],
    [['--mode', 'bad'], 2, /^tool: mode "bad" is not a mode\n\nUsage: tool/],
    [['--what'], 2, /^tool: Unknown option '--what'.*\n\nUsage: tool/s],
  ];
  for (const [args, status, output] of cases) {
    const result = run(...args);
    assert.equal(result.status, status, args.join(' '));
    assert.match(status === 0 ? result.stdout : result.stderr || result.stdout, output, args.join(' '));
  }
  // Imported rather than run: main does not run.
  const imported = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `import(${JSON.stringify(script)}).then(() => console.log('quiet'))`],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(imported.stdout, 'quiet\n');
});
