import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {API_DEFINITION} from '../../src/utils/sitePaths.mjs';

// Each test writes throw-away files inside the repository (git-ignored tests/.tmp-lint/), so
// the repository's own configurations apply to them, runs the tool `npm run lint` runs, and
// checks that a bad file fails with the expected message while its corrected twin passes.
const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP_BASE = path.join(ROOT, 'tests/.tmp-lint');
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;

/** Runs a tool of node_modules/.bin from the repository root; its exit code and all its output. */
function runTool(tool: string, args: string[]): {code: number; output: string} {
  // Plain output: NO_COLOR, and no FORCE_COLOR, which some tools honour even at 0.
  const env: NodeJS.ProcessEnv = {...process.env, NO_COLOR: '1'};
  delete env.FORCE_COLOR;
  const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', tool), args, {cwd: ROOT, env, encoding: 'utf8'});
  return {code: result.status ?? 1, output: `${result.stdout}${result.stderr}`};
}

async function withFiles(files: Record<string, string>, run: (paths: string[]) => Promise<void>) {
  mkdirSync(TMP_BASE, {recursive: true});
  const dir = mkdtempSync(path.join(TMP_BASE, 'run-'));
  try {
    const paths = Object.entries(files).map(([name, content]) => {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return path.relative(ROOT, file);
    });
    await run(paths);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** The locale `npm run lint` gives cspell in one of its scripts (package.json, `lint:spelling-*`). */
function cspellLocale(name: string): string {
  const locale = /--locale (\S+)/.exec(scripts[name] ?? '')?.[1];
  assert.ok(locale, `package.json's ${name} names a --locale`);
  return locale;
}

/** Lines of a tool's output that report a problem at a place in a file (`file:line...`). */
function linesAbout(output: string, file: string): string[] {
  return output.split('\n').filter((line) => line.includes(`${path.basename(file)}:`));
}

test('cspell (English): a misspelled word on an English page fails, the correct spelling passes', async () => {
  const page = (word: string) =>
    `---\ntitle: Sensors\ndescription: How to set up a sensor.\n---\n\nThis page describes the ${word} of a Seer Box Sentinel sensor.\n\n\`\`\`bash\nsbx_cfgtool --xyzzy\n\`\`\`\n`;
  await withFiles({'bad.md': page('configuraton'), 'good.md': page('configuration')}, async ([bad, good]) => {
    const result = runTool('cspell', ['--no-progress', '--locale', cspellLocale('lint:spelling-en'), bad, good]);
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /bad\.md:6:\d+ - Unknown word \(configuraton\)/);
    assert.deepEqual(linesAbout(result.output, good), [], 'the correct page and the code block pass');
  });
});

test('cspell (Italian): a misspelled Italian word and an English sentence on an Italian page fail', async () => {
  const page = (text: string) =>
    `---\ntitle: Sensori\ndescription: Come configurare un sensore.\n---\n\n## Prima di iniziare {#before-you-begin}\n\n${text}\n\n:::note\nSeer Box legge i log dall'host.\n:::\n`;
  await withFiles(
    {
      'bad.md': page('Questa pagina descrive la configurazzione del sensore. This sentence is English.'),
      'good.md': page('Questa pagina descrive la configurazione del sensore Seer Box Sentinel.'),
    },
    async ([bad, good]) => {
      const result = runTool('cspell', ['--no-progress', '--locale', cspellLocale('lint:spelling-it'), bad, good]);
      assert.equal(result.code, 1, result.output);
      assert.match(result.output, /bad\.md:8:\d+ - Unknown word \(configurazzione\)/);
      assert.match(result.output, /bad\.md:8:\d+ - Unknown word \(sentence\)/);
      assert.deepEqual(linesAbout(result.output, good), [], 'heading ids, admonitions and elisions pass');
    },
  );
});

test('ESLint: a hard-coded visible string in JSX fails no-untranslated-text; <Translate> passes', async () => {
  const component = (body: string) =>
    `import type {ReactNode} from 'react';\n${body.includes('<Translate') ? "import Translate from '@docusaurus/Translate';\n" : ''}\nexport default function Notice(): ReactNode {\n  return (\n    <p>\n      ${body} <span>·</span>\n    </p>\n  );\n}\n`;
  await withFiles(
    {
      'Bad.tsx': component('Welcome to the documentation'),
      'Good.tsx': component('<Translate id="test.notice">Welcome to the documentation</Translate>'),
    },
    async ([bad, good]) => {
      // --no-ignore: tests/.tmp-lint is ignored by the repository lint, not by this test.
      const result = runTool('eslint', ['--max-warnings', '0', '--no-ignore', bad, good]);
      assert.equal(result.code, 1, result.output);
      assert.match(
        result.output,
        /All text labels in JSX should be wrapped by translate calls\s+@docusaurus\/no-untranslated-text/,
      );
      assert.match(result.output, /1 problem \(1 error, 0 warnings\)/);
      assert.doesNotMatch(result.output, new RegExp(path.basename(good)));
    },
  );
});

test('Prettier: badly formatted TypeScript and JSON fail the check; formatted files pass', async () => {
  await withFiles(
    {
      'bad.ts': 'export const answer = {value : "42",list:[1,2]}\n',
      'bad.json': '{"a":1,\n    "b":[true,false]}\n',
      'good.ts': "export const answer = {value: '42', list: [1, 2]};\n",
      'good.json': '{"a": 1, "b": [true, false]}\n',
    },
    async (files) => {
      // --ignore-path: only .prettierignore's tests/.tmp-lint entry is bypassed, the options still apply.
      const result = runTool('prettier', ['--check', '--ignore-path', 'tests/.tmp-lint/none', ...files]);
      assert.equal(result.code, 1, result.output);
      assert.match(result.output, /\[warn\] tests\/\.tmp-lint\/run-\w+\/bad\.ts/);
      assert.match(result.output, /\[warn\] tests\/\.tmp-lint\/run-\w+\/bad\.json/);
      assert.doesNotMatch(result.output, /good\.(ts|json)/);
    },
  );
});

test('Prettier checks api/openapi.yaml and code, but leaves Markdown to markdownlint', async () => {
  for (const [file, ignored] of [
    [API_DEFINITION, false],
    ['src/pages/index.tsx', false],
    ['i18n/it/code.json', false],
    ['docs/main/quickstart.md', true],
    ['.docusaurus/seerbox-api-reference/static/swagger/vendor/swagger-ui-bundle.js', true],
  ] as const) {
    const result = runTool('prettier', ['--file-info', file]);
    assert.equal(JSON.parse(result.output).ignored, ignored, file);
  }
});

test('build outputs (build/, build-*/, dist/) are ignored by ESLint, Prettier, markdownlint and cspell', async (t) => {
  // A bundle or build left in the tree once failed `npm run lint` with thousands of errors.
  const suffix = `${process.pid}-${Date.now()}`;
  const parents = ['build', `build-lint-probe-${suffix}`, 'dist'];
  // Only the probe folders go afterwards, and a parent only if this test made it.
  const made = parents.filter((dir) => !existsSync(path.join(ROOT, dir)));
  const dirs = parents.map((dir) => path.join(dir, `.lint-probe-${suffix}`));
  t.after(() => {
    for (const dir of [...dirs, ...made]) rmSync(path.join(ROOT, dir), {recursive: true, force: true});
  });
  const files = dirs.flatMap((dir) => {
    mkdirSync(path.join(ROOT, dir), {recursive: true});
    writeFileSync(path.join(ROOT, dir, 'bad.js'), 'var unused = "x"\n');
    writeFileSync(path.join(ROOT, dir, 'bad.md'), '# Title\n\n# Title again with <b>configuraton</b>\n');
    return [path.join(dir, 'bad.js'), path.join(dir, 'bad.md')];
  });
  const scripts = files.filter((file) => file.endsWith('.js'));
  const pages = files.filter((file) => file.endsWith('.md'));
  const eslint = runTool('eslint', ['--max-warnings', '0', '--no-warn-ignored', ...scripts]);
  assert.equal(eslint.code, 0, eslint.output);
  for (const file of scripts) {
    assert.equal(JSON.parse(runTool('prettier', ['--file-info', file]).output).ignored, true, `Prettier: ${file}`);
  }
  const markdownlint = runTool('markdownlint-cli2', pages);
  assert.equal(markdownlint.code, 0, markdownlint.output);
  assert.doesNotMatch(markdownlint.output, /bad\.md:\d/);
  const cspell = runTool('cspell', ['--no-progress', '--no-must-find-files', ...pages]);
  assert.equal(cspell.code, 0, cspell.output);
  assert.match(cspell.output, /Files checked: 0/);
});

test('markdownlint: MDX pages with admonitions, Tabs and directives pass; a body H1 and raw HTML fail', async () => {
  const front = '---\ntitle: Hosts\ndescription: The hosts page.\n---\n\n';
  await withFiles(
    {
      'good.md': `${front}import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nIntro.\n\n## Usage {#usage}\n\n:::note\nA note.\n:::\n\n<Tabs>\n<TabItem value="a" label="A">\n\nText.\n\n</TabItem>\n</Tabs>\n\n::operation{id="listHosts"}\n`,
      'bad.md': `${front}# Hosts\n\nIntro with <b>raw HTML</b>.\n\n#### Skipped level\n`,
    },
    async ([good, bad]) => {
      const result = runTool('markdownlint-cli2', ['--no-globs', good, bad]);
      assert.equal(result.code, 1, result.output);
      assert.match(result.output, /bad\.md:6 error MD025\/single-title/);
      assert.match(result.output, /bad\.md:8:\d+ error MD033\/no-inline-html Inline HTML \[Element: b\]/);
      assert.match(result.output, /bad\.md:10 error MD001\/heading-increment/);
      assert.deepEqual(linesAbout(result.output, good), []);
    },
  );
});
