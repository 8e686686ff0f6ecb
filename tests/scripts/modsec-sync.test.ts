// The ModSecurity refresh job that the ModSecurity page ships, run exactly as printed on the page
// against rule feeds served on loopback: what it installs, and what it refuses while keeping the
// rules in place. The web server's test and reload commands are recording stand-ins.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {blockByTitle} from '../support/code-blocks';
import {commonScriptTests, feedsOnLoopback, runScript} from '../support/script-tests';
import {tempDir} from '../support/temp';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const PAGE = 'main/configuration/firewalls/web-application-firewalls/modsecurity.md';
const TITLE = '/usr/local/sbin/seerbox-modsec-sync';
const english = blockByTitle(path.join('docs', PAGE), TITLE);
const italian = blockByTitle(path.join(ITALIAN_DOCS_DIR, PAGE), TITLE);

const RULE =
  'SecRule REQUEST_HEADERS:Host "@streq shop.example" "id:1001,phase:1,deny,status:403,log,msg:\'Seer Box\'"';
const feeds: Record<string, string> = {
  rules: `# Seer Box rules\n${RULE}\nSecRule ARGS:id "@rx union\\s+select" \\\n    "id:1002,phase:2,deny,status:403,\\\n    log"\nSecMarker END_SEERBOX\n`,
  empty: '',
  other: `${RULE.replace('1001', '1003')}\n`,
  include: `${RULE}\nIncludeOptional /etc/passwd\n`,
  'piped-log': `CustomLog "|/bin/sh -c 'id > /tmp/pwned'" common\n`,
  'engine-off': `SecAction "id:2,phase:1,nolog,pass,ctl:ruleEngine=Off"\n`,
  'engine-directive': 'SecRuleEngine Off\n',
  'remove-rules': `SecAction "id:3,phase:1,pass,nolog,ctl:ruleRemoveById=942100"\n`,
  exec: `SecRule ARGS "@rx x" "id:4,phase:2,deny,exec:/usr/local/bin/hook.sh"\n`,
  allow: `SecRule REMOTE_ADDR "@ipMatch 203.0.113.9" "id:5,phase:1,allow,nolog"\n`,
  'inspect-file': `SecRule FILES_TMPNAMES "@inspectFile /tmp/x.sh" "id:6,phase:2,deny"\n`,
  'comment-continued': `# harmless comment \\\nInclude /etc/shadow\n${RULE}\n`,
  'continued-action': `SecRule ARGS "@rx x" "id:7,phase:2,deny,\\\n  ctl:ruleEngine=Off"\n`,
  'ends-continued': `${RULE} \\\n`,
  'location-block': `<Location />\n${RULE}\n</Location>\n`,
};

const feedUrl = feedsOnLoopback(feeds);
commonScriptTests(english, italian);

/** A web server's rule folder with the rules currently in force, and the job's settings. */
function setUp(current: string | null, testCommand = 'true') {
  const dir = tempDir('modsec-sync');
  writeFileSync(path.join(dir, 'job.sh'), english.code, {mode: 0o755});
  const target = path.join(dir, 'seerbox-rules.conf');
  if (current !== null) writeFileSync(target, current);
  const log = path.join(dir, 'calls.log');
  const run = (feed: string) =>
    runScript(path.join(dir, 'job.sh'), {
      PATH: process.env.PATH,
      CONFIG_FILE: path.join(dir, 'no-such-settings'),
      FEED_URL: feedUrl(feed),
      TARGET: target,
      TEST_CMD: `echo test >> '${log}'; ${testCommand}`,
      RELOAD_CMD: `echo reload >> '${log}'`,
      LOCK_FILE: path.join(dir, 'lock'),
    });
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  const leftovers = () => readdirSync(dir).filter((file) => file.includes('.new.'));
  return {target, run, calls, leftovers};
}

test('a rule feed is installed and the web server reloaded; the same feed again changes nothing', async () => {
  const job = setUp(null);
  const first = await job.run('rules');
  assert.equal(first.status, 0, first.stderr);
  assert.equal(readFileSync(job.target, 'utf8'), feeds.rules);
  assert.deepEqual(job.calls(), ['test', 'reload']);
  assert.match(first.stdout, /rules updated: 2 SecRule statements/);
  const again = await job.run('rules');
  assert.equal(again.status, 0, again.stderr);
  assert.deepEqual(job.calls(), ['test', 'reload'], 'no second reload');
  assert.deepEqual(job.leftovers(), []);
});

test('an empty feed (no rules yet) is accepted', async () => {
  const job = setUp(feeds.rules);
  const result = await job.run('empty');
  assert.equal(result.status, 0, result.stderr);
  assert.equal(readFileSync(job.target, 'utf8'), '');
});

const hostile: Record<string, RegExp> = {
  include: /line 2: directive "IncludeOptional" is not a rule/,
  'piped-log': /line 1: directive "CustomLog" is not a rule/,
  'engine-off': /line 1: a ctl: action/,
  'engine-directive': /line 1: directive "SecRuleEngine" is not a rule/,
  'remove-rules': /line 1: a ctl: action/,
  exec: /line 1: an exec:/,
  allow: /line 1: an allow action/,
  'inspect-file': /line 1: an operator that runs a program/,
  'comment-continued': /line 1: a comment continued onto the next line/,
  'continued-action': /line 1: a ctl: action/,
  'ends-continued': /line 1: the file ends inside a continued line/,
  'location-block': /line 1: directive "<Location" is not a rule/,
};
for (const [feed, reason] of Object.entries(hostile)) {
  test(`a hostile feed is refused and the rules in force are kept: ${feed}`, async () => {
    const job = setUp(feeds.rules);
    const result = await job.run(feed);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /feed refused, current rules kept/);
    assert.match(result.stderr, reason);
    assert.equal(readFileSync(job.target, 'utf8'), feeds.rules);
    assert.deepEqual(job.calls(), [], 'neither tested nor reloaded');
  });
}

for (const [feed, status] of [
  ['broken', '500'],
  ['no-such-firewall', '404'],
]) {
  test(`a failed download (HTTP ${status}) keeps the rules in force`, async () => {
    const job = setUp(feeds.rules);
    const result = await job.run(feed);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, new RegExp(status));
    assert.equal(readFileSync(job.target, 'utf8'), feeds.rules);
    assert.deepEqual(job.calls(), []);
  });
}

test('a feed the web server rejects is rolled back without a reload', async () => {
  const job = setUp(feeds.rules, 'false');
  const result = await job.run('other');
  assert.equal(result.status, 1);
  assert.match(result.stderr, /configuration test failed, previous rules restored/);
  assert.equal(readFileSync(job.target, 'utf8'), feeds.rules);
  assert.deepEqual(job.calls(), ['test']);
  assert.deepEqual(job.leftovers(), []);
});
