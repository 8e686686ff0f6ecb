import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, writeFileSync, appendFileSync} from 'node:fs';
import path from 'node:path';
import {execFileSync, spawnSync} from 'node:child_process';
import {report, englishDefaults} from '../../scripts/i18n-status.mjs';
import {tempDir} from '../support/temp';

function site(): string {
  const root = tempDir('i18n-status');
  const twin = path.join(root, 'i18n/it/docusaurus-plugin-content-docs/current');
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

test('report: a twin older than its English page is stale (git history)', () => {
  const root = site();
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      env: {...process.env, GIT_AUTHOR_DATE: '2020-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z'},
    });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'init');
  assert.equal(report({root}).pages[0].status, 'ok');
  appendFileSync(path.join(root, 'docs/main/a.md'), 'changed\n');
  assert.equal(report({root}).pages[0].status, 'stale');
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
