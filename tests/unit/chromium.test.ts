import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromiumExecutable, headlessChromium, sharedMemoryArgs} from '../../scripts/lib/chromium.mjs';
import {tempDir} from '../support/temp';

/** Runs `check` with only `which` and stand-ins named `names` on PATH, and no CHROMIUM_PATH. */
function onPath(names: string[], check: (dir: string) => void): void {
  const dir = tempDir('chromium');
  symlinkSync('/usr/bin/which', path.join(dir, 'which'));
  for (const name of names) {
    writeFileSync(path.join(dir, name), '#!/bin/sh\n');
    chmodSync(path.join(dir, name), 0o755);
  }
  const saved = {PATH: process.env.PATH, CHROMIUM_PATH: process.env.CHROMIUM_PATH};
  process.env.PATH = dir;
  delete process.env.CHROMIUM_PATH;
  try {
    check(dir);
  } finally {
    process.env.PATH = saved.PATH;
    delete process.env.CHROMIUM_PATH;
    if (saved.CHROMIUM_PATH !== undefined) process.env.CHROMIUM_PATH = saved.CHROMIUM_PATH;
  }
}

test('tests and PDF manuals use the headless shell where it is installed, else the full browser; the brand images the full browser', () => {
  onPath(['chromium-headless-shell', 'chromium'], (dir) => {
    assert.equal(headlessChromium(), path.join(dir, 'chromium-headless-shell'));
    assert.equal(chromiumExecutable(), path.join(dir, 'chromium'));
  });
  onPath(['chromium'], (dir) => assert.equal(headlessChromium(), path.join(dir, 'chromium')));
  onPath([], () => {
    assert.throws(() => headlessChromium(), /install Debian's "chromium-headless-shell" package/);
    assert.throws(() => chromiumExecutable(), /install Debian's "chromium" package/);
  });
});

test('CHROMIUM_PATH wins for every use, and must name an existing file', () => {
  onPath(['chromium-headless-shell', 'chromium'], (dir) => {
    process.env.CHROMIUM_PATH = path.join(dir, 'chromium');
    assert.equal(headlessChromium(), path.join(dir, 'chromium'));
    process.env.CHROMIUM_PATH = path.join(dir, 'missing');
    assert.throws(() => chromiumExecutable(), /CHROMIUM_PATH points to a missing file/);
  });
});

test('Chromium uses /dev/shm only where it has room, else /tmp', () => {
  const dir = tempDir('shm');
  assert.deepEqual(sharedMemoryArgs(dir, 1), []);
  assert.deepEqual(sharedMemoryArgs(dir, Number.MAX_SAFE_INTEGER), ['--disable-dev-shm-usage']);
  assert.deepEqual(sharedMemoryArgs(path.join(dir, 'missing')), ['--disable-dev-shm-usage']);
});

test('the build skips the PDF manuals with one line where no Chromium is installed; npm run pdf refuses', () => {
  const site = tempDir('pdf-no-chromium');
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>x</title>');
  const env: NodeJS.ProcessEnv = {...process.env, PATH: tempDir('pdf-empty-path')};
  delete env.CHROMIUM_PATH;
  const pdf = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/pdf.mjs', '--dir', site, ...args], {encoding: 'utf8', env});
  const skipped = pdf('--if-chromium');
  assert.equal(skipped.status, 0, skipped.stderr);
  assert.match(skipped.stdout, /^pdf: no Chromium here, the PDF manuals are skipped \(npm run pdf prints them\)/);
  assert.equal(skipped.stdout.trim().split('\n').length, 1, 'one line');
  const refused = pdf();
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /Chromium not found/);
});
