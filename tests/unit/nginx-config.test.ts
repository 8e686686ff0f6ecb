import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {
  TEMPLATE_VARIABLES,
  checkVariables,
  makeCertificate,
  renderTemplates,
  stageDocroot,
  tlsValues,
} from '../nginx/nginx';
import {tempDir} from '../support/temp';

const templates = path.resolve('deploy/nginx/templates');
const templateFiles = [
  'nginx.conf.template',
  'conf.d/seerbox-docs.conf.template',
  'seerbox/site.conf.template',
  'seerbox/tls-off.conf.template',
  'seerbox/tls-on.conf.template',
];

function values(folder: string, basePath = '/') {
  return {
    SEERBOX_LISTEN: '127.0.0.1:4999',
    SEERBOX_ROOT: path.join(folder, 'www'),
    SEERBOX_BASE_PATH: basePath,
    SEERBOX_FRAME_ANCESTORS: "'none'",
    SEERBOX_CONNECT_SRC: "'self' https://seerbox.example:53443",
    SEERBOX_CONF_DIR: path.join(folder, 'conf'),
    SEERBOX_RUNTIME_DIR: path.join(folder, 'run'),
    ...tlsValues(null, 4999),
  };
}

test('checkVariables: every variable set, nothing nginx would misread', () => {
  const good = values('/tmp/x');
  checkVariables(good);
  assert.throws(() => checkVariables({...good, SEERBOX_LISTEN: ''}), /SEERBOX_LISTEN is not set/);
  // connect-src: 'self' and origins only (no other directive, no wildcard).
  assert.throws(() => checkVariables({...good, SEERBOX_CONNECT_SRC: '*'}), /SEERBOX_CONNECT_SRC must be 'self'/);
  assert.throws(
    () => checkVariables({...good, SEERBOX_CONNECT_SRC: "'self' https://a.example script-src *"}),
    /SEERBOX_CONNECT_SRC must be 'self'/,
  );
  assert.throws(() => checkVariables({...good, SEERBOX_FRAME_ANCESTORS: "'none'; script-src *"}), /misread/);
  assert.throws(() => checkVariables({...good, SEERBOX_ROOT: '/srv/"x"'}), /misread/);
  assert.throws(() => checkVariables({...good, SEERBOX_BASE_PATH: '/docs'}), /SEERBOX_BASE_PATH must be/);
  assert.throws(() => checkVariables({...good, SEERBOX_TLS: 'yes'}), /SEERBOX_TLS must be on or off/);
  assert.throws(() => checkVariables({...good, SEERBOX_HSTS_MAX_AGE: '1y'}), /SEERBOX_HSTS_MAX_AGE must be a whole/);
});

test('the templates use exactly the declared variables, and the Dockerfile sets each', () => {
  const used = new Set<string>();
  for (const file of templateFiles) {
    for (const match of readFileSync(path.join(templates, file), 'utf8').matchAll(/\$\{(\w+)\}/g)) used.add(match[1]);
  }
  assert.deepEqual([...used].sort(), [...TEMPLATE_VARIABLES].sort());
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  for (const name of TEMPLATE_VARIABLES)
    assert.match(dockerfile, new RegExp(`^(?:ENV)?\\s+${name}=`, 'm'), `Dockerfile sets ${name}`);
  assert.match(dockerfile, /NGINX_ENVSUBST_FILTER=\^SEERBOX_/);
});

const hasEnvsubst = spawnSync('sh', ['-c', 'command -v envsubst']).status === 0;
const noEnvsubst = !hasEnvsubst && 'envsubst is not installed (Debian: gettext-base)';

test('rendering: values in, nginx variables untouched, sub-path locations', {skip: noEnvsubst}, () => {
  const folder = tempDir('nginx-render');
  const written = renderTemplates(templates, path.join(folder, 'run'), values(folder, '/docs/'));
  assert.deepEqual(written.map((file) => path.relative(path.join(folder, 'run'), file)).sort(), [
    'conf.d/seerbox-docs.conf',
    'nginx.conf',
    'seerbox/site.conf',
    'seerbox/tls-off.conf',
    'seerbox/tls-on.conf',
  ]);
  const site = readFileSync(path.join(folder, 'run', 'seerbox', 'site.conf'), 'utf8');
  assert.doesNotMatch(site, /\$\{?SEERBOX_/);
  assert.match(site, /^location \/docs\/it\/ \{$/m);
  assert.match(site, /error_page 404 \/docs\/it\/404\.html;/);
  assert.match(site, /try_files \$uri\/index\.html \$uri =404;/);
  assert.match(site, /frame-ancestors 'none'" always;/);
  // SEERBOX_TLS picks the server blocks: plain HTTP, or HTTPS with a redirecting HTTP server.
  const docs = readFileSync(path.join(folder, 'run', 'conf.d', 'seerbox-docs.conf'), 'utf8');
  assert.match(docs, new RegExp(`^include ${folder}/run/seerbox/tls-off\\.conf;$`, 'm'));
  const tlsOn = readFileSync(path.join(folder, 'run', 'seerbox', 'tls-on.conf'), 'utf8');
  assert.match(tlsOn, /return 301 https:\/\/\$host\$seerbox_https_port\$request_uri;/);
  assert.match(tlsOn, /add_header Strict-Transport-Security "max-age=31536000" always;/);
  assert.match(tlsOn, /ssl_protocols TLSv1\.2 TLSv1\.3;/);
  const main = readFileSync(path.join(folder, 'run', 'nginx.conf'), 'utf8');
  assert.match(main, new RegExp(`^pid ${folder}/run/nginx\\.pid;$`, 'm'));
  assert.match(main, /\$remote_addr/);
});

test('rendering refuses a template with an unknown SEERBOX_ variable', {skip: noEnvsubst}, () => {
  const folder = tempDir('nginx-render');
  mkdirSync(path.join(folder, 'templates'));
  writeFileSync(path.join(folder, 'templates', 'x.conf.template'), 'root ${SEERBOX_DOCROOT};\n');
  assert.throws(
    () => renderTemplates(path.join(folder, 'templates'), path.join(folder, 'run'), values(folder)),
    /uses \$\{SEERBOX_DOCROOT\}/,
  );
});

const hasNginx = spawnSync('sh', ['-c', 'command -v nginx']).status === 0;

test(
  'nginx -t accepts the rendered configuration at / and at /docs/, with TLS off and on',
  {skip: noEnvsubst || (!hasNginx && 'nginx is not installed')},
  () => {
    for (const [basePath, tls] of [
      ['/', false],
      ['/docs/', false],
      ['/', true],
      ['/docs/', true],
    ] as const) {
      const folder = tempDir('nginx-syntax');
      const vars = {...values(folder, basePath), ...(tls && tlsValues(makeCertificate(folder), 4999))};
      mkdirSync(path.join(vars.SEERBOX_CONF_DIR, 'generated'), {recursive: true});
      copyFileSync('deploy/nginx/mime.types', path.join(vars.SEERBOX_CONF_DIR, 'mime.types'));
      writeFileSync(
        path.join(vars.SEERBOX_CONF_DIR, 'generated', 'csp-hashes.conf'),
        'map "" $seerbox_csp_script_hashes { default ""; }\n',
      );
      renderTemplates(templates, vars.SEERBOX_RUNTIME_DIR, vars);
      const result = spawnSync(
        'nginx',
        ['-t', '-e', 'stderr', '-p', vars.SEERBOX_RUNTIME_DIR, '-c', path.join(vars.SEERBOX_RUNTIME_DIR, 'nginx.conf')],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      assert.equal(result.status, 0, `${basePath} (TLS ${tls ? 'on' : 'off'}): ${result.stderr}`);
    }
  },
);

// nginx started as root serves with workers running as `nobody`: a build inside a private
// checkout (under /root, or a 0700 folder) must be staged where they can read it.
test(
  'stageDocroot makes a build in a private folder readable by the nginx workers',
  {skip: process.getuid?.() !== 0 && 'needs root (runuser)'},
  () => {
    const work = tempDir('stage');
    const checkout = path.join(work, 'private');
    mkdirSync(path.join(checkout, 'build', 'it'), {recursive: true});
    writeFileSync(path.join(checkout, 'build', 'index.html'), '<p>home</p>');
    writeFileSync(path.join(checkout, 'build', 'it', 'index.html'), '<p>casa</p>');
    chmodSync(path.join(checkout, 'build', 'it', 'index.html'), 0o600);
    chmodSync(checkout, 0o700);
    const readsAsNobody = (file: string) => spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file]).status === 0;
    assert.equal(readsAsNobody(path.join(checkout, 'build', 'index.html')), false, 'the fixture must be unreadable');

    chmodSync(work, 0o755);
    const docroot = path.join(work, 'www');
    stageDocroot(path.join(checkout, 'build'), docroot, '/docs/');
    assert.ok(readsAsNobody(path.join(docroot, 'docs', 'index.html')));
    assert.ok(readsAsNobody(path.join(docroot, 'docs', 'it', 'index.html')));
    assert.throws(() => stageDocroot(path.join(work, 'nothing'), path.join(work, 'x')), /holds no built site/);
  },
);
