// The sample check, kind by kind: a broken sample fails with the page, the line and the tool's own
// words, and its corrected twin passes. Server tools missing on a developer's machine skip the
// test with a message; in CI (CI=true) a missing tool fails it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {apiSamples, checkSamples, compareTwins, pageSamples, substitute} from '../../scripts/check-samples.mjs';
import {codeBlocks} from '../../scripts/lib/code-blocks.mjs';
import {findBinary} from '../../scripts/lib/sample-tools.mjs';
import {tempDir} from '../support/temp';
import {API_DEFINITION} from '../../src/utils/sitePaths.mjs';

/** Checks one page made of `markdown`; returns the problems as "page:line: message" lines. */
async function problemsOf(markdown: string) {
  const dir = tempDir('samples-test');
  const file = path.join(dir, 'page.md');
  writeFileSync(file, markdown);
  const {problems, counts, missingTools} = await checkSamples(pageSamples([file]));
  return {
    lines: problems.map(
      (p: {file: string; line: number; message: string}) => `${path.basename(p.file)}:${p.line}: ${p.message}`,
    ),
    counts,
    missingTools,
  };
}

const page = (lang: string, code: string) => `# Page\n\nSome prose.\n\n\`\`\`${lang}\n${code}\n\`\`\`\n`;

/** The tools a kind needs, or a reason to skip (never in CI). */
function needs(...binaries: string[]) {
  const missing = binaries.filter((binary) => !findBinary(binary));
  if (!missing.length) return false;
  const message = `${missing.join(', ')} not installed (see .ci/run)`;
  if (process.env.CI) throw new Error(message);
  return message;
}

const cases: {
  kind: string;
  lang: string;
  tools: string[];
  broken: string;
  fixed: string;
  error: RegExp;
  line: number;
}[] = [
  {
    kind: 'shell',
    lang: 'bash',
    tools: ['bash', 'shellcheck'],
    broken: 'cd /tmp\nbackup > seerbox-$(date +%F).dump',
    fixed: 'cd /tmp\nbackup > "seerbox-$(date +%F).dump"',
    error: /ShellCheck warning: Quote this to prevent word splitting\. \[SC2046\]/,
    line: 7,
  },
  {
    kind: 'shell syntax',
    lang: 'bash',
    tools: ['bash', 'shellcheck'],
    broken: 'if true; then\n  echo yes\nfu',
    fixed: 'if true; then\n  echo yes\nfi',
    error: /bash -n: syntax error/,
    line: 9,
  },
  {
    kind: 'shell transcript',
    lang: 'bash',
    tools: ['bash', 'shellcheck'],
    broken: '$ ls $HOME/*.dump |\nseerbox-2025.dump',
    fixed: '$ ls "$HOME"/*.dump\nseerbox-2025.dump',
    error: /bash -n: syntax error/,
    line: 8,
  },
  {
    kind: 'nginx',
    lang: 'nginx',
    tools: ['nginx', 'openssl'],
    broken: 'map $request_uri $path {\n    default $request_uri\n}',
    fixed: 'map $request_uri $path {\n    default $request_uri;\n}',
    error: /nginx -t: nginx: \[emerg\] unexpected "}"/,
    line: 8,
  },
  {
    kind: 'nginx server context',
    lang: 'nginx context=server',
    tools: ['nginx', 'openssl'],
    broken: 'if ($remote_addr = 192.0.2.1) {\n    retrun 403;\n}',
    fixed: 'if ($remote_addr = 192.0.2.1) {\n    return 403;\n}',
    error: /nginx -t: nginx: \[emerg\] unknown directive "retrun"/,
    line: 7,
  },
  {
    kind: 'apache',
    lang: 'apacheconf',
    tools: ['apache2'],
    broken: 'RewriteEngine On\nRewriteCond %{THE_REQUEST}',
    fixed: 'RewriteEngine On\nRewriteCond %{THE_REQUEST} "^GET"',
    error: /apache2 -t: .*RewriteCond: bad argument line/,
    line: 7,
  },
  {
    kind: 'ModSecurity rule',
    lang: 'apacheconf',
    tools: ['apache2'],
    broken: 'SecRule REQUEST_URI "@beginsWith /admin" \\\n    "phase:1,deny,status:403"',
    fixed: 'SecRule REQUEST_URI "@beginsWith /admin" \\\n    "id:1999010,phase:1,deny,status:403"',
    error: /apache2 -t: .*ModSecurity: No action id present within the rule/,
    line: 7,
  },
  {
    kind: 'haproxy',
    lang: 'haproxy',
    tools: ['haproxy', 'openssl'],
    broken: 'frontend fe_web\n    bind 127.0.0.1:8080\n    capture request header Host len',
    fixed: 'frontend fe_web\n    bind 127.0.0.1:8080\n    capture request header Host len 256',
    error: /haproxy -c: .*'capture request' expects 'header' <header_name> 'len' <len>/,
    line: 8,
  },
  {
    kind: 'yaml',
    lang: 'yaml',
    tools: [],
    broken: 'a: 1\n b: 2',
    fixed: 'a: 1\nb: 2',
    error: /YAML: bad indentation/,
    line: 7,
  },
  {
    kind: 'compose',
    lang: 'yaml',
    tools: [],
    broken: 'services:\n  engine:\n    image: registry.example.com/engine:1\n    restart_policy: always',
    fixed: 'services:\n  engine:\n    image: registry.example.com/engine:1\n    restart: unless-stopped',
    error: /Compose specification: \/services\/engine must NOT have additional properties \(restart_policy\)/,
    line: 9,
  },
  {
    kind: 'kubernetes',
    lang: 'yaml',
    tools: [],
    broken: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: engine\nspec:\n  ports:\n    - port: "https"',
    fixed: 'apiVersion: v1\nkind: Service\nmetadata:\n  name: engine\nspec:\n  ports:\n    - port: 443',
    error: /Kubernetes v1 Service: .*port must be integer/,
    line: 6,
  },
  {
    kind: 'json',
    lang: 'json',
    tools: [],
    broken: '{\n  "enabled": true,\n}',
    fixed: '{\n  "enabled": true\n}',
    error: /JSON: .*(Unexpected token|Expected double-quoted property name)/,
    line: 6,
  },
  {
    kind: 'ini',
    lang: 'ini',
    tools: [],
    broken: '[Service]\nExecStart /usr/bin/true',
    fixed: '[Service]\nExecStart=/usr/bin/true',
    error: /INI: not a section, key=value line or comment: ExecStart \/usr\/bin\/true/,
    line: 7,
  },
  {
    kind: 'toml',
    lang: 'toml',
    tools: [],
    broken: 'name = "web01"\ncpus = ',
    fixed: 'name = "web01"\ncpus = 4',
    error: /TOML: /,
    line: 7,
  },
  {
    kind: 'mermaid',
    lang: 'mermaid',
    tools: [],
    broken: 'flowchart LR\n  A[Web server] -> B[Seer Box]',
    fixed: 'flowchart LR\n  A[Web server] --> B[Seer Box]',
    error: /Mermaid: Parse error on line 2/,
    line: 7,
  },
];

for (const sample of cases) {
  test(`${sample.kind}: a broken sample names page, line and the tool's error; its fix passes`, async (t) => {
    const skip = needs(...sample.tools);
    if (skip) return t.skip(skip);
    const broken = await problemsOf(page(sample.lang, sample.broken));
    assert.ok(broken.lines.length > 0, `no problem found in ${sample.broken}`);
    assert.match(broken.lines[0], new RegExp(`^page\\.md:${sample.line}: ${sample.error.source}`));
    const fixed = await problemsOf(page(sample.lang, sample.fixed));
    assert.deepEqual(fixed.lines, []);
  });
}

test('a JSON example is validated against its schema in the API definition', async () => {
  apiSamples(API_DEFINITION); // loads the definition's schemas
  const wrong = await problemsOf(page('json schema=Notification', '{"name": "x", "enabled": "yes", "type": "siem"}'));
  assert.match(wrong.lines.join('\n'), /page\.md:6: API schema: \/enabled must be boolean/);
  const right = await problemsOf(page('json schema=Notification', '{"name": "x", "enabled": true, "type": "siem"}'));
  assert.deepEqual(
    right.lines.filter((line) => line.includes('API schema')),
    [],
  );
  const unknown = await problemsOf(page('json schema=NoSuchSchema', '{}'));
  assert.match(unknown.lines.join('\n'), /no schema "NoSuchSchema"/);
});

test('placeholders come from the table; an unexplained one fails its block', async () => {
  assert.equal(substitute('curl https://<SEERBOX_HOST>/').code, 'curl https://192.0.2.10/');
  // A regular expression's named group is not a placeholder.
  assert.deepEqual(substitute('"~^(?<p>[^?]*)" $p;').unknown, []);
  const {lines} = await problemsOf(page('bash', 'curl https://<NO_SUCH_THING>/'));
  assert.deepEqual(lines, [
    'page.md:5: placeholder <NO_SUCH_THING> has no value in PLACEHOLDERS of scripts/check-samples.mjs',
  ]);
});

test('a marked block is counted with its reason; a mark without a reason, or an unknown language, fails', async () => {
  const marked = await problemsOf(page('bash check=skip reason="output of a command"', 'not a command ('));
  assert.deepEqual(marked.lines, []);
  assert.deepEqual((marked.counts as Record<string, unknown>).shell, {blocks: 1, checked: 0, marked: 1, missing: 0});
  const bare = await problemsOf(page('bash check=skip', 'echo'));
  assert.deepEqual(bare.lines, ['page.md:5: check=skip without a reason="..."']);
  const unknown = await problemsOf(page('cobol', 'DISPLAY "HI".'));
  assert.match(unknown.lines[0], /^page\.md:5: no check for language "cobol"/);
});

test('an Italian block equals the English one except comments, which are translated', () => {
  const en = codeBlocks(page('bash', '# Back up the database to a file\npg_dump -Fc > "backup.dump"  # keep it safe'));
  const good = codeBlocks(page('bash', '# Salvare il database in un file\npg_dump -Fc > "backup.dump"  # conservarlo'));
  assert.deepEqual(compareTwins(en, good), []);
  const changed = codeBlocks(page('bash', '# Salvare il database in un file\npg_dump -Fc > "copia.dump"'));
  assert.match(compareTwins(en, changed)[0].message, /code differs from the English block/);
  const untranslated = codeBlocks(
    page('bash', '# Back up the database to a file\npg_dump -Fc > "backup.dump"  # conservarlo'),
  );
  assert.deepEqual(
    compareTwins(en, untranslated).map((p) => p.message),
    ['comment not translated: "Back up the database to a file"'],
  );
  const fence = codeBlocks(page('sh', '# Salvare il database in un file\npg_dump -Fc > "backup.dump"'));
  assert.match(compareTwins(en, fence)[0].message, /fence "sh " differs/);
});

test('the command line: --help, exit 2 on bad input, 0 on clean pages, 1 on a broken one', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/check-samples.mjs', '--no-api-examples', ...args], {encoding: 'utf8'});
  assert.equal(cli('--help').status, 0);
  assert.match(cli('--help').stdout, /^Usage: node scripts\/check-samples\.mjs/);
  assert.equal(cli('--no-such-option').status, 2);
  assert.equal(cli('/no/such/folder').status, 2);
  const dir = tempDir('samples-cli');
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'pages', 'good.md'), page('json', '{"a": 1}'));
  const good = cli(path.join(dir, 'pages'));
  assert.equal(good.status, 0, good.stderr);
  assert.match(good.stdout, /json\s+1\s+1\s+0\s+0/);
  writeFileSync(path.join(dir, 'pages', 'bad.md'), page('json', '{"a": 1,}'));
  const bad = cli(path.join(dir, 'pages'));
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /bad\.md:6: JSON: /);
});
