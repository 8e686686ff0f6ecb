import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, writeFileSync, appendFileSync} from 'node:fs';
import path from 'node:path';
import {execFileSync, spawnSync} from 'node:child_process';
import {report, englishDefaults} from '../../scripts/i18n-status.mjs';
import {tempDir} from '../support/temp';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

function site(): string {
  const root = tempDir('i18n-status');
  const twin = path.join(root, ITALIAN_DOCS_DIR);
  mkdirSync(path.join(root, 'docs/main'), {recursive: true});
  mkdirSync(path.join(twin, 'main'), {recursive: true});
  mkdirSync(path.join(root, 'src/pages'), {recursive: true});
  writeFileSync(path.join(root, 'docs/main/a.md'), '# A\n');
  writeFileSync(path.join(root, 'docs/main/b.md'), '# B\n');
  writeFileSync(path.join(twin, 'main/a.md'), '# A (it)\n');
  writeFileSync(
    path.join(root, 'src/pages/index.tsx'),
    `<Translate id="home.title">Welcome  to\n the docs</Translate>\ntranslate({id: 'home.meta', message: 'Home'});\ntranslate({\n  id: 'home.desc',\n  message: 'It\\'s here',\n});`,
  );
  writeFileSync(
    path.join(root, 'i18n/it/code.json'),
    JSON.stringify({
      'home.title': {message: 'Welcome to the docs'},
      'home.meta': {message: 'Home'},
      'home.desc': {message: 'Eccolo'},
    }),
  );
  return root;
}

test('englishDefaults reads <Translate> and translate() messages from src', () => {
  const defaults = englishDefaults(site());
  assert.equal(defaults.get('home.title'), 'Welcome to the docs');
  assert.equal(defaults.get('home.meta'), 'Home');
  assert.equal(defaults.get('home.desc'), "It's here");
});

test('report: missing twins and UI strings still in English (allow-listed words excepted)', () => {
  const result = report({root: site()});
  assert.deepEqual(result.pages, [
    {page: 'main/a.md', status: 'ok'},
    {page: 'main/b.md', status: 'missing'},
  ]);
  assert.deepEqual(result.untranslated, ['home.title']);
});

test('report: a twin older than its English page is stale (git history, then uncommitted changes)', () => {
  const root = site();
  const commit = (year: number) => {
    const date = `${year}-01-01T00:00:00Z`;
    const env = {...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date};
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {cwd: root, env});
    git('add', '-A');
    git('commit', '-qm', `${year}`);
  };
  const status = () => report({root}).pages[0].status;
  execFileSync('git', ['init', '-q'], {cwd: root});
  assert.equal(status(), 'ok', 'nothing committed yet: every file is new');
  commit(2020);
  assert.equal(status(), 'ok');
  appendFileSync(path.join(root, 'docs/main/a.md'), 'changed\n');
  commit(2021);
  assert.equal(status(), 'stale', 'the English page was committed after its twin');
  appendFileSync(path.join(root, `${ITALIAN_DOCS_DIR}/main/a.md`), 'cambiato\n');
  assert.equal(status(), 'ok', 'an uncommitted twin counts as changed now');
  commit(2022);
  assert.equal(status(), 'ok');
  appendFileSync(path.join(root, 'docs/main/a.md'), 'changed again\n');
  assert.equal(status(), 'stale', 'an uncommitted English page counts as changed now');
});

test('CLI: --check fails on this repository only if something is missing; bad input exits 2', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/i18n-status.mjs', ...args], {encoding: 'utf8'});
  const ok = run('--check');
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout, /0 missing; 0 UI strings identical to English/);
  assert.equal(run('--locale', 'xx').status, 2);
  assert.equal(run('--nope').status, 2);
});
