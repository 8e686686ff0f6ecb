#!/usr/bin/env node
// Proves every code sample of the user guide, in both languages, and the examples generated from
// api/openapi.yaml, against the tool each is written for.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';
import {parse as parseToml, TomlError} from 'smol-toml';
import {loadDefinition} from '../src/plugins/api-reference/definition.mjs';
import {englishLabels} from '../src/plugins/api-reference/labels.mjs';
import {operationNodes} from '../src/plugins/api-reference/remarkOperations.mjs';
import {runCli, UsageError} from './lib/cli.mjs';
import {codeBlocks, fenceAttributes} from './lib/code-blocks.mjs';
import {listFiles} from './lib/files.mjs';
import {findBinary, run, sandboxPaths, testCertificate} from './lib/sample-tools.mjs';
import {messageOf} from '../src/utils/errors.mjs';
import {API_DEFINITION, ITALIAN_DOCS_DIR} from '../src/utils/sitePaths.mjs';

/**
 * @typedef {import('./lib/code-blocks.mjs').CodeBlock} CodeBlock
 * @typedef {{file: string, line: number, lang: string, kind: string, meta: string, attributes: Record<string, string>, code: string, schema?: import('ajv').SchemaObject}} Sample
 * @typedef {{line: number, message: string}} Problem
 * @typedef {Problem[] | {missing: string}} Result A checker's problems, or the tool it lacks.
 * @typedef {(sample: Sample, dir: string, shared?: string) => Result | Promise<Result>} Checker
 * @typedef {{type: string, lang?: string | null, meta?: string | null, value?: string, children?: MdNode[]}} MdNode
 */

const USAGE = `Usage: node scripts/check-samples.mjs [--only KIND[,KIND...]] [--api FILE] [--no-api-examples] [PAGE|DIR ...]

Extracts the fenced code blocks of the pages (default: docs/main and its Italian twin
${ITALIAN_DOCS_DIR}/main) and the examples generated from the API
definition (default: ${API_DEFINITION}; --no-api-examples leaves them out), substitutes the placeholders
of PLACEHOLDERS, and checks each block by its language:
  bash, sh      bash -n (sh -n) and ShellCheck at warning level; "$ " lines of a transcript are
                the commands, the other lines output
  nginx         nginx -t on a minimal configuration, the block in context=http (default),
                server or location
  apacheconf    apache2 -t with mod_rewrite, mod_security2 and others loaded, the block in
                context=server (default), vhost or directory
  haproxy       haproxy -c; a block without "defaults" gets one, context=frontend wraps it
  yaml          parses; Docker Compose files (a "services" key) against the Compose
                specification's schema, Kubernetes manifests (apiVersion and kind) against the
                Kubernetes schemas of the kubernetes-models package
  json          parses; with schema=NAME, validates against components.schemas.NAME of the API
                definition (generated examples: against their operation's schema)
  ini           sections, key=value lines, comments and continued lines only
  toml          parses (smol-toml)
  mermaid       parses with Mermaid's own parser
  text          not checked: plain text, such as a command's output
Fence attributes: check=skip reason="why" leaves a block out (a missing reason fails);
context=... as above; requires=NAME prepends a definition of STUBS that another page gives.
An Italian page's blocks must equal its English twin's except comments, which must differ.
A tool that is not installed is reported and fails the check, unless SAMPLES_ALLOW_MISSING=1
(then its blocks are counted as not checked).
Exit status: 0 when every block passes, 1 when one fails, 2 on bad input.`;

/** The documented release (package.json, its one source): the example image tag. */
const {version: release} = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const EN_ROOT = 'docs/main';
const IT_ROOT = `${ITALIAN_DOCS_DIR}/main`;

/**
 * Every placeholder the samples use, with a realistic value for the check (documentation
 * addresses, example names). A placeholder missing here fails its block. Keep this the only list.
 * @type {Record<string, string>}
 */
export const PLACEHOLDERS = {
  '<SEERBOX_HOST>': '192.0.2.10',
  '<ENGINE_API_PORT>': '443',
  '<ENGINE_ADDRESS_VARIABLE>': 'SBX_ENGINE_HOST',
  '<ENGINE_PORT_VARIABLE>': 'SBX_ENGINE_PORT',
  '<ENGINE_CONNECTION_OPTIONS>': '--env SBX_ENGINE_HOST=192.0.2.10',
  '<SOURCE_PORT>': '5514',
  '<SENTINEL_PORT>': '5514',
  '<SENTINEL_IMAGE>': `registry.example.com/seerbox/sentinel:${release}`,
  '<SENTINEL_BINARY>': '/opt/seerbox/bin/seerbox-sentinel',
  '<AUTH_KEY_VARIABLE>': 'SBX_AUTH_KEY',
  '<AUTH_KEY>': 'c2VlcmJveC1leGFtcGxlLWtleQ',
  '<TEST_SITE>': 'www.example.com',
  '<PROTECTED_HOST>': 'www.example.com',
  '<SEERBOX_NAMESPACE>': 'seerbox',
  '<REGISTRY_USER>': 'deploy',
  '<REGISTRY_PASSWORD>': 'example-password',
  // Image names, release tags and digests (the quick start's checklist explains them).
  '<ENGINE_IMAGE>': 'seer_box_engine',
  '<GUI_IMAGE>': 'seer_box_gui',
  '<REPORTER_IMAGE>': 'seer_box_reporter',
  '<RELEASE_TAG>': release,
  '<NEW_RELEASE_TAG>': '25.4.0',
  '<ENGINE_DIGEST>': '1111111111111111111111111111111111111111111111111111111111111111',
  '<GUI_DIGEST>': '2222222222222222222222222222222222222222222222222222222222222222',
  '<REPORTER_DIGEST>': '3333333333333333333333333333333333333333333333333333333333333333',
  '<NEW_ENGINE_DIGEST>': '4444444444444444444444444444444444444444444444444444444444444444',
  '<NEW_GUI_DIGEST>': '5555555555555555555555555555555555555555555555555555555555555555',
  '<NEW_REPORTER_DIGEST>': '6666666666666666666666666666666666666666666666666666666666666666',
  '<CONTAINER_NAME>': 'seerbox-engine-1',
  '<DEFINITION_FILES>': '/opt/seerbox/compose.yaml',
  '<IMAGE_DIGEST>': '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  '<GUI_PORT>': '8443',
  '<STORAGE_HOST>': '192.0.2.20',
  '<STORAGE_PASSWORD>': 'example-password',
  '<STORAGE_CLASS>': 'standard',
  '<DATABASE_SIZE>': '100Gi',
  '<QUEUE_SIZE>': '10Gi',
  '<QUEUE_PASSWORD>': 'example-password',
  '<CPU>': '4',
  '<MEMORY>': '8Gi',
  '<NODE_NAME>': 'worker-1',
  '<DB_USER>': 'seerbox',
  '<DB_HOST_VARIABLE>': 'SBX_DB_HOST',
  '<DB_PORT_VARIABLE>': 'SBX_DB_PORT',
  '<DB_NAME_VARIABLE>': 'SBX_DB_NAME',
  '<DB_USER_VARIABLE>': 'SBX_DB_USER',
  '<DB_PASSWORD_VARIABLE>': 'SBX_DB_PASSWORD',
  '<BROKER_HOST_VARIABLE>': 'SBX_BROKER_HOST',
  '<BROKER_PORT_VARIABLE>': 'SBX_BROKER_PORT',
  '<BROKER_USER_VARIABLE>': 'SBX_BROKER_USER',
  '<BROKER_PASSWORD_VARIABLE>': 'SBX_BROKER_PASSWORD',
  '<BROKER_VHOST_VARIABLE>': 'SBX_BROKER_VHOST',
  '<FEED_URL>': 'http://192.0.2.10:53380/feeds/web01',
  '<FEED_CONSUMERS_CIDR>': '198.51.100.0/24',
  '<WEB_SERVERS_CIDR>': '198.51.100.0/24',
  '<BACKUP_DATE>': '2026-11-28',
  '<FIREWALL_IP>': '198.51.100.7',
  '<FIREWALL_NAME>': 'web01-iptables',
  '<IPSET_NAME>': 'seerbox-block4',
  '<SMTP_HOST>': 'smtp.example.com',
  '<TOKEN>': 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
  '<CUSTOM_TYPE_VALUE>': 'custom',
  '<DATETIME_PATTERN>': '%d/%b/%Y:%H:%M:%S %z',
  '<HOST_ID>': '3f9a1c2e',
  '<HOST_ID_1>': '3f9a1c2e',
  '<HOST_ID_2>': '7b4d8e01',
  '<OPLON_MGMT_HOST>': '192.0.2.30',
  '<OPLON_MGMT_PORT>': '8443',
  '<SEERBOX_CONNECTOR_DESTINATION_DIRECTIVES>': 'SeerboxDestination 192.0.2.10:5514',
  // Path parameters of the generated curl examples.
};

/**
 * Definitions that a block's own page leaves to another page (fence attribute requires=NAME).
 * @type {Record<string, Record<string, string>>}
 */
export const STUBS = {
  nginx: {
    'seerbox-log-format': "log_format seerbox '$remote_addr $request';",
    'seerbox-blocked': 'geo $seerbox_blocked { default 0; }',
  },
  apacheconf: {'seerbox-log-format': 'LogFormat "%a %r" seerbox'},
};

/** A placeholder: <NAME>, but not a regular expression's named group (?<name>...). */
const PLACEHOLDER = /(?<!\?)<[A-Za-z][\w-]*>/g;

/**
 * Replaces the placeholders; returns the code and the names that have no value.
 * @param {string} code
 */
export function substitute(code) {
  /** @type {Set<string>} */
  const unknown = new Set();
  const replaced = code.replace(PLACEHOLDER, (name) => {
    if (name in PLACEHOLDERS) return PLACEHOLDERS[name];
    unknown.add(name);
    return name;
  });
  return {code: replaced, unknown: [...unknown]};
}

/** @type {Record<string, string>} */
const KINDS = {
  bash: 'shell',
  sh: 'shell',
  shell: 'shell',
  nginx: 'nginx',
  apacheconf: 'apache',
  haproxy: 'haproxy',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
  ini: 'ini',
  toml: 'toml',
  mermaid: 'mermaid',
  text: 'text',
  '': 'text',
};

// ---------------------------------------------------------------------------
// Checkers: each takes a sample {code, attributes, lang} and a work folder, and returns its
// problems as {line (1-based, within the block), message}, or {missing: tool} when the tool is
// not installed.

const lineOf = (/** @type {string} */ text) => Number(text) || 1;

/**
 * A transcript's "$ " lines are the commands (with their continuation lines), the rest output.
 * @param {string} code
 */
function commandsOf(code) {
  if (!/^\$ /m.test(code)) return code;
  let continued = false;
  return code
    .split('\n')
    .map((line) => {
      const keep = continued || line.startsWith('$ ');
      continued = keep && line.endsWith('\\');
      return keep ? line.replace(/^\$ /, '') : '';
    })
    .join('\n');
}

/**
 * Shell blocks, all at once: bash -n on each, then one ShellCheck run per group of files.
 * @param {Sample[]} samples
 * @param {string} dir
 */
function checkShellAll(samples, dir) {
  /** @type {Result[]} */
  const results = [];
  /** @type {Map<string, {file: string, index: number, shift: number}[]>} */
  const groups = new Map();
  samples.forEach(({code, lang}, index) => {
    const script = commandsOf(code);
    const shell = lang === 'sh' ? 'sh' : 'bash';
    // Line 1 of a block is often a "# /path/of/the/file" comment, which ShellCheck would take
    // for a broken shebang: a header line goes first, and line numbers are shifted back.
    const shift = script.startsWith('#!') ? 0 : 1;
    const file = path.join(dir, `sample-${index}.sh`);
    writeFileSync(file, (shift ? `# shellcheck shell=${shell}\n` : '') + script);
    const syntax = run(shell, ['-n', file]);
    if (syntax.missing) return void (results[index] = {missing: shell});
    const problems = [...syntax.output.matchAll(/line (\d+): (syntax error.*)/g)].map((match) => ({
      line: lineOf(match[1]) - shift,
      message: `${shell} -n: ${match[2]}`,
    }));
    if (syntax.status !== 0 && !problems.length) problems.push({line: 1, message: `${shell} -n: ${syntax.output}`});
    results[index] = problems;
    // SC2034 (variable unused): a settings file, or a block whose variables the next block uses.
    // SC2164 (cd without "|| exit"): at a prompt "|| exit" would close the reader's shell; scripts
    // (a #! line) keep it.
    const excluded = shift ? 'SC2034,SC2164' : 'SC2034';
    const group = `${shell} ${excluded}`;
    groups.set(group, [...(groups.get(group) ?? []), {file, index, shift}]);
  });
  for (const [group, files] of groups) {
    const [shell, excluded] = group.split(' ');
    const args = ['--shell', shell, '--severity', 'warning', '--exclude', excluded, '--format', 'gcc'];
    const lint = run('shellcheck', [...args, ...files.map((f) => f.file)], {maxBuffer: 64 * 1024 * 1024});
    for (const {file, index, shift} of files) {
      if (lint.missing) results[index] = {missing: 'shellcheck'};
      if (!Array.isArray(results[index])) continue;
      for (const match of lint.output.matchAll(/^([^:\n]+):(\d+):\d+: (\w+): (.*)$/gm)) {
        if (match[1] !== file || /\[SC1072\]$/.test(match[4])) continue;
        results[index].push({line: lineOf(match[2]) - shift, message: `ShellCheck ${match[3]}: ${match[4]}`});
      }
    }
  }
  return results;
}

/**
 * Wraps a block in a configuration; returns the text and how many lines come before the block.
 * @param {string} before
 * @param {string} block
 * @param {string} after
 */
function wrap(before, block, after) {
  return {text: `${before}${block}${after}`, offset: before.split('\n').length - 1};
}

/**
 * The problems in a failed tool run: its lines that name a line of the configuration, mapped back
 * to the block (or, when none does, its first error line), never none.
 * @param {string} output
 * @param {string} file
 * @param {number} offset
 * @param {string} tool
 * @param {RegExp} pattern
 */
function problemsFromOutput(output, file, offset, tool, pattern) {
  const lines = output.split('\n').filter((l) => /emerg|error|alert|syntax|invalid/i.test(l));
  const located = lines.filter((line) => pattern.test(line));
  const chosen = located.length ? located : [lines[0] ?? output ?? 'failed without a message'];
  return chosen.map((line) => {
    const at = pattern.exec(line);
    return {
      line: Math.max(1, (at ? Number(at[1]) : offset + 1) - offset),
      message: `${tool}: ${line.replaceAll(file, 'sample')}`,
    };
  });
}

const NGINX_MODSECURITY = '/usr/lib/nginx/modules/ngx_http_modsecurity_module.so';

/** @type {Checker} */
function checkNginx({code, attributes}, dir, shared = dir) {
  const binary = findBinary('nginx');
  if (!binary) return {missing: 'nginx'};
  if (/^\s*modsecurity\b/m.test(code) && !existsSync(NGINX_MODSECURITY))
    return {missing: 'libnginx-mod-http-modsecurity'};
  const certificate = testCertificate(shared);
  const context = attributes.context ?? 'http';
  // ModSecurity's connector (Debian libnginx-mod-http-modsecurity) for the blocks that use it.
  const modules = /^\s*modsecurity\b/m.test(code) ? `load_module ${NGINX_MODSECURITY};\n` : '';
  const main = `${modules}pid ${dir}/nginx.pid;\n`;
  const http = `${main}events {}\nhttp {\nssl_certificate ${certificate};\nssl_certificate_key ${certificate};\n`;
  const server = `server {\nlisten 127.0.0.1:8080;\n`;
  /** @type {Record<string, [string, string]>} */
  const shells = {
    main: [main, ''],
    http: [http, '}\n'],
    server: [http + server, '}\n}\n'],
    location: [`${http + server}location / {\n`, '}\n}\n}\n'],
  };
  if (!shells[context])
    return [{line: 0, message: `unknown nginx context "${context}" (main, http, server, location)`}];
  const {text, offset} = wrap(
    shells[context][0],
    sandboxPaths(code, path.join(dir, 'root'), readFileSync(certificate)),
    shells[context][1],
  );
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, text);
  const result = run(binary, ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', file]);
  if (result.status === 0) return [];
  return problemsFromOutput(result.output, file, offset, 'nginx -t', /nginx\.conf:(\d+)/);
}

const APACHE_MODULES = [
  'mpm_event',
  'authz_core',
  'authz_host',
  'alias',
  'mime',
  'rewrite',
  'setenvif',
  'headers',
  'remoteip',
  'unique_id',
  'ssl',
  'proxy',
  'proxy_http',
  'security2',
];

/** @type {Checker} */
function checkApache({code, attributes}, dir, shared = dir) {
  const binary = findBinary('apache2', 'httpd');
  if (!binary) return {missing: 'apache2'};
  const modules = '/usr/lib/apache2/modules';
  const load = APACHE_MODULES.map((name) => `LoadModule ${name}_module ${modules}/mod_${name}.so`).join('\n');
  const main = `ServerName localhost\nListen 127.0.0.1:8080\nPidFile ${dir}/apache.pid\nErrorLog ${dir}/error.log\n${load}\n`;
  const context = attributes.context ?? 'server';
  /** @type {Record<string, [string, string]>} */
  const shells = {
    server: [main, ''],
    vhost: [`${main}<VirtualHost 127.0.0.1:8080>\nServerName www.example.com\n`, '</VirtualHost>\n'],
    directory: [`${main}<Directory /var/www>\n`, '</Directory>\n'],
  };
  if (!shells[context]) return [{line: 0, message: `unknown Apache context "${context}" (server, vhost, directory)`}];
  const certificate = readFileSync(testCertificate(shared));
  const {text, offset} = wrap(
    shells[context][0],
    sandboxPaths(code, path.join(dir, 'root'), certificate),
    `\n${shells[context][1]}`,
  );
  const file = path.join(dir, 'apache.conf');
  writeFileSync(file, text);
  const result = run(binary, ['-t', '-f', file], {env: {...process.env, APACHE_RUN_DIR: dir, APACHE_LOG_DIR: dir}});
  if (result.status === 0) return [];
  const at = /line (\d+) of/.exec(result.output);
  const message = result.output.replaceAll(file, 'sample').replace(/\s*\n\s*/g, ' ');
  return [{line: Math.max(1, (at ? Number(at[1]) : offset + 1) - offset), message: `apache2 -t: ${message}`}];
}

/** @type {Checker} */
function checkHaproxy({code, attributes}, dir, shared = dir) {
  const binary = findBinary('haproxy');
  if (!binary) return {missing: 'haproxy'};
  const defaults = /^defaults\b/m.test(code)
    ? ''
    : 'defaults\n    mode http\n    timeout connect 5s\n    timeout client 30s\n    timeout server 30s\n';
  const before =
    attributes.context === 'frontend' ? `${defaults}frontend fe_sample\n    bind 127.0.0.1:8080\n` : defaults;
  const certificate = readFileSync(testCertificate(shared));
  // A fragment of a frontend has no "bind"; HAProxy refuses a configuration without any listener.
  const listener = '\nlisten sample_listener\n    bind 127.0.0.1:8079\n';
  const {text, offset} = wrap(before, sandboxPaths(code, path.join(dir, 'root'), certificate), listener);
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, text);
  const result = run(binary, ['-c', '-f', file]);
  if (result.status === 0) return [];
  return problemsFromOutput(result.output, file, offset, 'haproxy -c', /haproxy\.cfg:(\d+)\]/);
}

const require = createRequire(import.meta.url);
/** @type {{compose: import('ajv').ValidateFunction} | undefined} */
let validators;
/** The Compose and Kubernetes validators, loaded on first use. */
function yamlValidators() {
  if (validators) return validators;
  // The Compose specification's schema is draft-07 (see scripts/schemas/README.md).
  const compose = JSON.parse(readFileSync(new URL('./schemas/compose-spec.json', import.meta.url), 'utf8'));
  validators = {compose: new Ajv({strict: false, allErrors: true, validateSchema: false}).compile(compose)};
  return validators;
}

/** @param {{apiVersion: unknown, kind: unknown}} document */
function kubernetesProblem(document) {
  const [group, version] = String(document.apiVersion).includes('/')
    ? String(document.apiVersion).split('/')
    : ['', String(document.apiVersion)];
  let models;
  try {
    models = require(`kubernetes-models/${group ? `${group}/` : ''}${version}`);
  } catch {
    return `apiVersion "${document.apiVersion}" is not a Kubernetes API version`;
  }
  const Model = models[String(document.kind)];
  if (!Model) return `kind "${document.kind}" does not exist in ${document.apiVersion}`;
  try {
    new Model(document).validate();
    return null;
  } catch (error) {
    return `Kubernetes ${document.apiVersion} ${document.kind}: ${messageOf(error)}`;
  }
}

/** A schema error in words, with the property it is about. @param {import('ajv').ErrorObject} error */
const schemaMessage = (error) =>
  `${error.instancePath || '/'} ${error.message}${error.params?.additionalProperty ? ` (${error.params.additionalProperty})` : ''}`;

/**
 * The block line of the key a schema error is about (YAML has no positions once parsed), else 1.
 * @param {string} code
 * @param {import('ajv').ErrorObject} error
 */
function lineOfError(code, error) {
  const key =
    error.params?.additionalProperty ??
    error.instancePath
      .split('/')
      .filter((part) => !/^\d*$/.test(part))
      .pop();
  if (!key) return 1;
  const index = code
    .split('\n')
    .findIndex((line) => new RegExp(`^\\s*(- )?"?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?:`).test(line));
  return index + 1 || 1;
}

/** @type {Checker} */
function checkYaml({code}) {
  let documents;
  try {
    documents = yaml.loadAll(code);
  } catch (error) {
    const {mark, reason, message} = /** @type {import('js-yaml').YAMLException} loadAll throws no other */ (error);
    return [{line: (mark?.line ?? 0) + 1, message: `YAML: ${reason ?? message}`}];
  }
  /** @type {Problem[]} */
  const problems = [];
  for (const document of documents) {
    if (!document || typeof document !== 'object') continue;
    if ('services' in document && !('apiVersion' in document)) {
      const validate = yamlValidators().compose;
      if (!validate(document)) {
        for (const error of validate.errors ?? []) {
          problems.push({line: lineOfError(code, error), message: `Compose specification: ${schemaMessage(error)}`});
        }
      }
    } else if ('apiVersion' in document && 'kind' in document) {
      const problem = kubernetesProblem(document);
      if (problem) problems.push({line: 1, message: problem});
    }
  }
  return problems;
}

/** @type {Record<string, import('ajv').SchemaObject>} */
let apiSchemas = {};
const ajvApi = new Ajv2020({strict: false, allErrors: true});
addFormats(ajvApi);
// OpenAPI's own numeric formats: the type already says what they allow.
for (const format of ['int32', 'int64', 'float', 'double']) ajvApi.addFormat(format, true);

/** JSON parses; with a schema (fence schema=NAME, or the generated example's own), validates. @type {Checker} */
function checkJson({code, attributes, schema}) {
  let value;
  try {
    value = JSON.parse(code);
  } catch (error) {
    const message = messageOf(error);
    const at = /line (\d+)/.exec(message);
    return [{line: at ? Number(at[1]) : 1, message: `JSON: ${message}`}];
  }
  const target = schema ?? (attributes.schema ? apiSchemas[attributes.schema] : undefined);
  if (attributes.schema && !target)
    return [{line: 1, message: `no schema "${attributes.schema}" in the API definition`}];
  if (!target) return [];
  const validate = ajvApi.compile(target);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => ({
    line: lineOfError(code, error),
    message: `API schema: ${schemaMessage(error)}`,
  }));
}

/** systemd units and environment files: sections, key=value lines, comments, continued lines. @type {Checker} */
function checkIni({code}) {
  /** @type {Problem[]} */
  const problems = [];
  let continued = false;
  code.split('\n').forEach((line, index) => {
    const ok =
      continued || /^\s*([#;].*)?$/.test(line) || /^\[[\w .-]+\]\s*$/.test(line) || /^[A-Za-z_][\w.-]*\s*=/.test(line);
    if (!ok) problems.push({line: index + 1, message: `INI: not a section, key=value line or comment: ${line.trim()}`});
    continued = /\\$/.test(line);
  });
  return problems;
}

/** @type {Checker} */
function checkToml({code}) {
  try {
    parseToml(code);
    return [];
  } catch (error) {
    const line = error instanceof TomlError ? error.line : 1;
    return [{line, message: `TOML: ${messageOf(error).split('\n')[0]}`}];
  }
}

/** @type {typeof import('../src/plugins/diagrams/parse.mjs').parseMermaid | undefined} */
let mermaidApi;
/** @param {{code: string}} sample */
async function checkMermaid({code}) {
  if (!mermaidApi) mermaidApi = (await import('../src/plugins/diagrams/parse.mjs')).parseMermaid;
  const error = await mermaidApi(code);
  if (!error) return [];
  const at = /line (\d+)/i.exec(error);
  return [{line: at ? Number(at[1]) : 1, message: `Mermaid: ${error.split('\n')[0]}`}];
}

/** Checkers of one block each (shell blocks are checked together by checkShellAll). @type {Record<string, Checker>} */
const CHECKERS = {
  nginx: checkNginx,
  apache: checkApache,
  haproxy: checkHaproxy,
  yaml: checkYaml,
  json: checkJson,
  ini: checkIni,
  toml: checkToml,
  mermaid: checkMermaid,
};

// ---------------------------------------------------------------------------
// Comments and twins

/**
 * The comment start of a line for a kind (outside quotes), or -1.
 * @param {string} line
 * @param {string} kind
 */
function commentStart(line, kind) {
  if (kind === 'json' || kind === 'text') return -1;
  if (kind === 'mermaid') return line.trimStart().startsWith('%%') ? line.indexOf('%%') : -1;
  let quote = '';
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) {
      if (char === quote && line[i - 1] !== '\\') quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (
      (char === '#' || (kind === 'ini' && char === ';' && !line.slice(0, i).trim())) &&
      (i === 0 || /\s/.test(line[i - 1]))
    ) {
      return i;
    }
  }
  return -1;
}

/**
 * Compares an Italian page's blocks with its English twin's: same fences, same code line by line
 * once comments are removed, and no English comment copied unchanged.
 * @param {CodeBlock[]} english
 * @param {CodeBlock[]} italian
 */
export function compareTwins(english, italian) {
  /** @type {Problem[]} */
  const problems = [];
  if (english.length !== italian.length) {
    problems.push({
      line: italian[0]?.line ?? 1,
      message: `${italian.length} code blocks, the English page has ${english.length}`,
    });
    return problems;
  }
  english.forEach((en, index) => {
    const it = italian[index];
    const kind = KINDS[en.lang] ?? en.lang;
    if (en.lang !== it.lang || en.meta !== it.meta) {
      problems.push({
        line: it.line,
        message: `fence "${it.lang} ${it.meta}" differs from the English "${en.lang} ${en.meta}"`,
      });
      return;
    }
    // Diagrams and plain text carry prose, translated as a whole.
    if (kind === 'mermaid' || kind === 'text') return;
    const enLines = en.code.split('\n');
    const itLines = it.code.split('\n');
    const strip = (/** @type {string} */ line) => {
      const at = commentStart(line, kind);
      return (at < 0 ? line : line.slice(0, at)).trimEnd();
    };
    const code = (/** @type {string[]} */ lines) =>
      lines.map(strip).filter((line, i) => line || commentStart(lines[i], kind) < 0);
    const enCode = code(enLines);
    const itCode = code(itLines);
    const differs = enCode.findIndex((line, i) => line !== itCode[i]);
    if (differs >= 0 || enCode.length !== itCode.length) {
      const at = itLines.findIndex((line) => strip(line) === itCode[Math.max(differs, 0)]);
      problems.push({
        line: it.line + 1 + Math.max(at, 0),
        message: `code differs from the English block at line ${en.line}: "${itCode[differs] ?? ''}" where English has "${enCode[differs] ?? ''}"`,
      });
      return;
    }
    const itComments = new Set(itLines.map((line) => line.slice(commentStart(line, kind) + 1).trim()).filter(Boolean));
    enLines.forEach((line) => {
      const at = commentStart(line, kind);
      if (at < 0) return;
      const comment = line
        .slice(at)
        .replace(/^(#|;|%%)\s*/, '')
        .trim();
      const words = comment.match(/\b[A-Za-z]{3,}\b/g) ?? [];
      // Commented-out code (a path, an assignment, a command line) is not prose to translate.
      const prose = words.length >= 4 && !/[=$/{}]|^[a-z-]+ -/.test(comment);
      if (prose && [...itComments].some((c) => c.replace(/^(#|;|%%)\s*/, '').trim() === comment)) {
        problems.push({line: it.line, message: `comment not translated: "${comment}"`});
      }
    });
  });
  return problems;
}

// ---------------------------------------------------------------------------
// Collection and report

/**
 * The samples of the pages under `roots`: {file, line, lang, kind, meta, attributes, code}.
 * @param {string[]} files
 * @returns {Sample[]}
 */
export function pageSamples(files) {
  return files.flatMap((file) =>
    codeBlocks(readFileSync(file, 'utf8')).map((block) => ({
      file,
      line: block.line,
      lang: block.lang,
      kind: KINDS[block.lang] ?? `unknown:${block.lang}`,
      meta: block.meta,
      attributes: fenceAttributes(block.meta),
      code: block.code,
    })),
  );
}

/**
 * The code blocks the API pages render from the definition, with the schema of each JSON example.
 * @param {string} specPath
 * @returns {Sample[]}
 */
export function apiSamples(specPath) {
  const {doc, operations} = loadDefinition(specPath);
  apiSchemas = doc.components?.schemas ?? {};
  const labels = englishLabels();
  return operations.flatMap((entry) => {
    // The examples sit inside language tabs; the Python, JavaScript and PowerShell ones are run
    // against a mock API by tests/unit/api-reference/api-examples.test.ts, so this check takes curl and JSON.
    /** @type {(list: MdNode[]) => MdNode[]} */
    const codeNodes = (list) =>
      list.flatMap((node) => (node.type === 'code' ? [node] : codeNodes(node.children ?? [])));
    const nodes = codeNodes(operationNodes(entry)).filter((node) => node.lang === 'bash' || node.lang === 'json');
    return nodes.map((node) => {
      const title = /title="([^"]*)"/.exec(node.meta ?? '')?.[1] ?? '';
      const status = /\((\d{3})\)$/.exec(title)?.[1];
      const content = status
        ? entry.operation.responses?.[status]?.content
        : title === labels.requestBodyExample
          ? entry.operation.requestBody?.content
          : undefined;
      const media = content?.['application/json'] ?? Object.values(content ?? {})[0];
      const lang = /** @type {string} bash or json, filtered above */ (node.lang);
      return {
        file: `${specPath} (${entry.operationId}, ${title})`,
        line: 0,
        lang,
        kind: KINDS[lang] ?? `unknown:${lang}`,
        meta: node.meta ?? '',
        attributes: {},
        code: `${node.value}\n`,
        schema: lang === 'json' ? media?.schema : undefined,
      };
    });
  });
}

/**
 * Checks samples; returns {problems: [{file, line, message}], counts: {kind: {blocks, checked, marked, missing}}, reasons}.
 * @param {Sample[]} samples
 * @param {{allowMissing?: boolean}} [options]
 */
export async function checkSamples(samples, {allowMissing = false} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-samples-'));
  /** @type {(Problem & {file: string})[]} */
  const problems = [];
  /** @type {Record<string, {blocks: number, checked: number, marked: number, missing: number}>} */
  const counts = {};
  /** @type {Record<string, Record<string, number>>} */
  const reasons = {};
  /** @type {Set<string>} */
  const missingTools = new Set();
  // First the blocks to check, each under a key: identical blocks (most Italian ones) run once.
  const jobs = [];
  /** @type {Map<string, Sample>} */
  const unique = new Map();
  for (const sample of samples) {
    const count = (counts[sample.kind] ??= {blocks: 0, checked: 0, marked: 0, missing: 0});
    count.blocks += 1;
    /** @param {number} line @param {string} message */
    const report = (line, message) => problems.push({file: sample.file, line: sample.line + line, message});
    if (sample.attributes.check === 'skip') {
      count.marked += 1;
      const reason = sample.attributes.reason?.trim();
      if (!reason) report(0, 'check=skip without a reason="..."');
      else (reasons[sample.kind] ??= {})[reason] = (reasons[sample.kind]?.[reason] ?? 0) + 1;
      continue;
    }
    if (sample.attributes.check) {
      report(0, `unknown check="${sample.attributes.check}" (only check=skip)`);
      continue;
    }
    if (sample.kind === 'text') continue;
    if (!CHECKERS[sample.kind] && sample.kind !== 'shell') {
      report(
        0,
        `no check for language "${sample.lang}": use a checked language, text for output, or check=skip reason="..."`,
      );
      continue;
    }
    const {code, unknown} = sample.kind === 'mermaid' ? {code: sample.code, unknown: []} : substitute(sample.code);
    for (const name of unknown)
      report(0, `placeholder ${name} has no value in PLACEHOLDERS of scripts/check-samples.mjs`);
    if (unknown.length) continue;
    const stub = sample.attributes.requires;
    const stubText = stub ? STUBS[sample.lang]?.[stub] : '';
    if (stub && stubText === undefined) {
      report(0, `requires=${stub}: no such definition in STUBS for ${sample.lang}`);
      continue;
    }
    const {context, schema} = sample.attributes;
    const key = JSON.stringify([
      sample.kind,
      sample.lang,
      context,
      schema,
      stub,
      code,
      sample.schema ? sample.file : '',
    ]);
    if (!unique.has(key)) unique.set(key, {...sample, code: stubText ? `${stubText}\n${code}` : code});
    jobs.push({sample, key, report, count, shift: stubText ? 1 : 0});
  }
  /** @type {Map<string, Result>} */
  const results = new Map();
  try {
    const shell = [...unique].filter(([, job]) => job.kind === 'shell');
    const shellResults = checkShellAll(
      shell.map(([, job]) => job),
      mkdtempSync(path.join(dir, 'shell-')),
    );
    shell.forEach(([key], i) => results.set(key, shellResults[i]));
    for (const [key, job] of unique) {
      if (job.kind === 'shell') continue;
      results.set(key, await CHECKERS[job.kind](job, mkdtempSync(path.join(dir, 'sample-')), dir));
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  for (const {sample, key, report, count, shift} of jobs) {
    const found = /** @type {Result} every key was checked above */ (results.get(key));
    if (!Array.isArray(found)) {
      count.missing += 1;
      missingTools.add(found.missing);
      if (!allowMissing) report(0, `${found.missing} is not installed: cannot check this ${sample.kind} block`);
      continue;
    }
    count.checked += 1;
    for (const problem of found) report(Math.max(1, problem.line - shift), problem.message);
  }
  return {problems, counts, reasons, missingTools: [...missingTools]};
}

/** The Italian twin of an English page under EN_ROOT, or null. @param {string} file */
const twinOf = (file) => (file.startsWith(`${EN_ROOT}/`) ? path.join(IT_ROOT, file.slice(EN_ROOT.length + 1)) : null);

runCli(
  import.meta.url,
  {
    name: 'check-samples',
    usage: USAGE,
    allowPositionals: true,
    options: {
      only: {type: 'string'},
      api: {type: 'string', default: API_DEFINITION},
      'no-api-examples': {type: 'boolean'},
    },
  },
  async (values, positionals) => {
    const roots = positionals.length ? positionals : [EN_ROOT, IT_ROOT];
    const files = roots.flatMap((root) => listFiles(root, /\.mdx?$/)).sort();
    if (!files.length) throw new UsageError(`no pages found in ${roots.join(', ')}`);
    let samples = pageSamples(files);
    let fromApi;
    try {
      // The definition gives the schemas of schema=NAME; its generated examples are checked too.
      fromApi = apiSamples(values.api);
    } catch (error) {
      throw new UsageError(messageOf(error));
    }
    if (!values['no-api-examples']) samples.push(...fromApi);
    if (values.only) {
      const only = new Set(values.only.split(','));
      samples = samples.filter((sample) => only.has(sample.kind));
    }
    const allowMissing = process.env.SAMPLES_ALLOW_MISSING === '1';
    const {problems, counts, reasons, missingTools} = await checkSamples(samples, {allowMissing});

    // Twins: an Italian page's blocks against its English page's.
    for (const file of files) {
      const twin = twinOf(file);
      if (!twin || !files.includes(twin)) continue;
      const english = codeBlocks(readFileSync(file, 'utf8'));
      const italian = codeBlocks(readFileSync(twin, 'utf8'));
      for (const problem of compareTwins(english, italian)) problems.push({file: twin, ...problem});
    }

    for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
    console.log('kind       blocks  checked  marked  not checked (tool missing)');
    for (const [kind, count] of Object.entries(counts).sort()) {
      console.log(
        `${kind.padEnd(10)} ${String(count.blocks).padStart(6)} ${String(count.checked).padStart(8)} ${String(count.marked).padStart(7)} ${String(count.missing).padStart(8)}`,
      );
    }
    for (const [kind, byReason] of Object.entries(reasons)) {
      for (const [reason, n] of Object.entries(byReason)) console.log(`  marked ${kind}: ${n} × ${reason}`);
    }
    // Entries of the table that no block uses: candidates to remove once the pages' names settle.
    if (!positionals.length && !values.only) {
      const used = new Set(samples.flatMap((sample) => sample.code.match(PLACEHOLDER) ?? []));
      const unused = Object.keys(PLACEHOLDERS).filter((name) => !used.has(name));
      if (unused.length) console.log(`  PLACEHOLDERS no block uses: ${unused.join(' ')}`);
    }
    if (missingTools.length) {
      console.warn(
        `check-samples: NOT CHECKED, tools missing (${missingTools.join(', ')}); install them (see .ci/run)`,
      );
    }
    console.log(
      `check-samples: ${samples.length} blocks in ${files.length} pages and the API definition, ${problems.length} problems`,
    );
    return problems.length ? 1 : 0;
  },
);
