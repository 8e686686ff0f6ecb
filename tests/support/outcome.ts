// What the outcome tests share: they run a page's procedure with the real server in a temporary
// folder on loopback, let Node stand in for Seer Box (a UDP and a TCP syslog listener), send
// requests with raw sockets, and read each received line back with the page's own Custom template.
import {after} from 'node:test';
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {createSocket} from 'node:dgram';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {connect, createServer, type AddressInfo} from 'node:net';
import path from 'node:path';
import {codeBlocks, type CodeBlock} from './code-blocks';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

/** The English and Italian files of a page given relative to docs/. */
export const pageFiles = (page: string) => ({en: path.join('docs', page), it: path.join(ITALIAN_DOCS_DIR, page)});

/** Skip when a tool is missing on a developer's machine; CI installs it and must run the test. */
export function need(t: {skip: (reason: string) => void}, tools: string[], pkg: string): boolean {
  const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length === 0) return true;
  if (process.env.CI) assert.fail(`${missing.join(', ')} not installed (.ci/run installs ${pkg})`);
  t.skip(`${missing.join(', ')} not installed: apt-get install ${pkg}`);
  return false;
}

/** The one block of a page that `pick` selects (by language, position or content); throws otherwise. */
export function blockWhere(file: string, pick: (block: CodeBlock) => boolean): CodeBlock {
  const found = codeBlocks(readFileSync(file, 'utf8')).filter(pick);
  if (found.length !== 1) throw new Error(`${file}: expected one matching code block, found ${found.length}`);
  return found[0];
}

/** The page's Custom **Log format**: its one text block that starts with (or after "[") %timestamp. */
export const customTemplateOf = (file: string) =>
  blockWhere(file, (b) => b.lang === 'text' && /^\[?%timestamp\b/.test(b.code)).code.trim();

/** The strftime layout the page gives for the **Date/Time format** field. */
export function dateFormatOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  const found = /`(%[^`]+)` in strftime notation/.exec(text) ?? /strftime notation it is `(%[^`]+)`/.exec(text);
  if (!found) throw new Error(`${file}: no Date/Time format "in strftime notation"`);
  return found[1];
}

/**
 * A free loopback TCP port for a server, drawn below the kernel's ephemeral range (32768 and up on
 * Linux): a port from that range could be taken, between this check and the server's bind, by one of
 * the thousands of client connections that a burst in a parallel test file opens.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
}

/** Polls until `done()` holds or about `seconds` have passed. */
export async function until(done: () => boolean, seconds = 10): Promise<void> {
  for (let i = 0; i < seconds * 20 && !done(); i += 1) await new Promise((r) => setTimeout(r, 50));
}

export type Listener = {port: number; messages: string[]; close: () => void};

/** Seer Box's traffic source over UDP: one datagram, one message. */
export async function udpListener(): Promise<Listener> {
  const socket = createSocket({type: 'udp4', recvBufferSize: 4 * 1024 * 1024});
  const messages: string[] = [];
  socket.on('message', (message) => messages.push(message.toString('latin1')));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  after(() => socket.close());
  return {port: socket.address().port, messages, close: () => socket.close()};
}

/**
 * Seer Box's traffic source over TCP: messages separated by newlines (the framing rsyslog's omfwd
 * and `logger --tcp` use without octet counting). A message split across packets is joined again.
 */
export async function tcpListener(): Promise<Listener> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let pending = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      messages.push(...parts);
    });
    socket.on('end', () => pending && messages.push(pending));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => server.close());
  return {port: (server.address() as AddressInfo).port, messages, close: () => server.close()};
}

/** Bytes as the servers write them: requests are built and logs read as latin1, one char per byte. */
export const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

export type Request = {
  method?: string;
  target: string;
  headers?: Record<string, string>;
  /** The client's own loopback address (127.0.0.2, …), to be seen as another client. */
  from?: string;
  body?: string;
};

export type Response = {status: number; contentType: string};

/** Sends one HTTP/1.1 request on a raw socket (so any byte can be sent); the answer's status and type. */
export function httpRequest(port: number, request: Request): Promise<Response> {
  const headers: Record<string, string> = {Host: 'shop.example.com', Connection: 'close', ...request.headers};
  if (request.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(request.body));
  const head = [`${request.method ?? 'GET'} ${request.target} HTTP/1.1`]
    .concat(Object.entries(headers).map(([name, value]) => `${name}: ${value}`))
    .join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect({port, host: '127.0.0.1', localAddress: request.from});
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      const type = /\r\nContent-Type: *([^\r]*)/i.exec(answer.split('\r\n\r\n')[0]);
      if (status) resolve({status: Number(status[1]), contentType: type ? type[1] : '-'});
      else reject(new Error(`no HTTP status for ${request.target}`));
    });
    socket.end(Buffer.from(`${head}\r\n\r\n${request.body ?? ''}`, 'utf8'));
  });
}

/** A request and the raw path and query a log line must give back for it. */
export type Case = Request & {path: string; query: string};

const LONG_COOKIE = `session=${'c'.repeat(3000)}; theme="dark mode"; basket=${'b'.repeat(2000)}`;

/** The hard cases every log-source test sends: quotes, spaces, non-ASCII, a long cookie, a body. */
export const HARD_CASES: Case[] = [
  {target: '/plain/item?id=1', path: '/plain/item', query: 'id=1'},
  {
    target: '/quotes/a%22b\\c?q=%22x%20y%22&r="raw"',
    path: '/quotes/a%22b\\c',
    query: 'q=%22x%20y%22&r="raw"',
    headers: {'User-Agent': 'ua "quoted" \\ back', Referer: 'https://shop.example.com/"x"'},
  },
  {
    target: '/spaces/two%20words?a=b+c',
    path: '/spaces/two%20words',
    query: 'a=b+c',
    headers: {'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) many   spaces', Cookie: 'a=1; b=two words'},
  },
  {
    target: '/non-ascii/caff%C3%A8?citt%C3%A0=Z%C3%BCrich',
    path: '/non-ascii/caff%C3%A8',
    query: 'citt%C3%A0=Z%C3%BCrich',
    headers: {'User-Agent': 'Navigatore/1.0 (città; 日本語)', Referer: 'https://shop.example.com/caffè'},
  },
  // Raw UTF-8 in the request line, as some clients and scanners send it.
  {target: '/raw/caffè?città=Zürich', path: bytes('/raw/caffè'), query: bytes('città=Zürich')},
  {target: '/long-cookie', path: '/long-cookie', query: '', headers: {Cookie: LONG_COOKIE}},
  {
    method: 'POST',
    target: '/form?next=%2Fdashboard',
    path: '/form',
    query: 'next=%2Fdashboard',
    headers: {'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '198.51.100.7, 10.0.0.1'},
    body: 'user=a&pass=b',
  },
];

/** A request every server refuses (a Host with a slash): still one line for Seer Box. */
export const REFUSED: Case = {target: '/refused', path: '/refused', query: '', headers: {Host: 'bad/host'}};

/**
 * Checks what the Custom template read from a line against the request and its answer. `missing` is
 * how the sender writes a header the request lacked, `noQuery` an empty query string, `decode` undoes
 * the sender's escaping (by default `unescapeValue`).
 */
export function assertFields(
  fields: Record<string, string>,
  request: Case,
  answer: Response,
  options: {port: number; dateFormat: string; missing: string; noQuery: string; decode?: (value: string) => string},
) {
  const got = (keyword: string) => (options.decode ?? unescapeValue)(fields[keyword]);
  const sent: Record<string, string | undefined> = {Host: 'shop.example.com', ...request.headers};
  const header = (name: string) => {
    const value = sent[name];
    return value === undefined ? options.missing : bytes(value);
  };
  const what = `${request.method ?? 'GET'} ${request.target}`;
  assert.equal(got('%client_address'), request.from ?? '127.0.0.1', what);
  assert.match(got('%client_port'), /^\d+$/, what);
  assert.equal(got('%server_address'), '127.0.0.1', what);
  assert.equal(got('%server_port'), String(options.port), what);
  assert.equal(got('%method'), request.method ?? 'GET', what);
  if ('%url' in fields) assert.equal(got('%url'), bytes(request.target), what);
  else {
    assert.equal(got('%path'), request.path, what);
    assert.equal(got('%query_string'), request.query || options.noQuery, what);
  }
  assert.equal(got('%protocol'), 'HTTP/1.1', what);
  assert.equal(got('%status_code'), String(answer.status), what);
  assert.match(got('%request_bytes'), /^\d+$/, what);
  assert.match(got('%response_bytes'), /^\d+$/, what);
  for (const name of ['Host', 'Referer', 'User-Agent', 'Cookie', 'Content-Type', 'X-Forwarded-For'] as const) {
    assert.equal(got(`%q_${name}_`), header(name), `${what}: ${name}`);
  }
  // Apache logs its own error pages' type without the charset it sends: the media type must agree.
  const type = answer.contentType === '-' ? options.missing : answer.contentType;
  assert.ok([type, type.split(';')[0]].includes(got('%r_Content-Type_')), `${what}: ${got('%r_Content-Type_')}`);
  assert.match(got('%transaction_id'), /^\S{16,}$/, what);
  const time = strptime(got('%timestamp'), options.dateFormat);
  assert.ok(Math.abs(time - Date.now()) < 86_400_000, `the Date/Time format reads ${got('%timestamp')}`);
}

/** Runs `count` calls of `send`, `parallel` at a time; resolves with their results in order. */
export async function burst<T>(count: number, parallel: number, send: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await send(i);
    }
  };
  await Promise.all(Array.from({length: parallel}, worker));
  return results;
}

/** Starts a foreground server and stops it (SIGTERM) when the test file ends. */
export function startServer(command: string, args: string[], env?: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, {stdio: ['ignore', 'ignore', 'pipe'], env: env ?? process.env});
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  child.on('exit', (code) => {
    if (code) process.stderr.write(`${command} exited with ${code}: ${stderr}\n`);
  });
  after(() => {
    child.kill('SIGTERM');
  });
  return child;
}

/** Waits until a TCP port on loopback accepts connections. */
export async function listening(port: number): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({port, host: '127.0.0.1'});
      socket.on('connect', () => resolve(!!socket.end()));
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}

// --- The Custom log type, as the Custom format page describes it ---------------------------------

const CUSTOM_PAGE = 'main/configuration/traffic-sources/log-sources-and-formats/custom.md';

/** The keywords of the Custom format page's "Default keywords" table, longest first. */
export const customKeywords = (): string[] =>
  [...readFileSync(pageFiles(CUSTOM_PAGE).en, 'utf8').matchAll(/^\| `(%[\w-]+)` \|/gm)]
    .map((m) => m[1])
    .sort((a, b) => b.length - a.length);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A parser for a **Log format** template, following the page's rules: text between keywords is
 * literal, a keyword between double quotes holds any text in which the sender escaped its quotes
 * (`\"` or `\x22`), a bare keyword holds text up to the literal that follows it.
 */
export function customParser(template: string): (line: string) => Record<string, string> | null {
  const keywords = customKeywords();
  const names: string[] = [];
  let pattern = '';
  for (let rest = template; rest;) {
    const keyword = rest.startsWith('%') ? keywords.find((k) => rest.startsWith(k)) : undefined;
    if (keyword) {
      names.push(keyword);
      pattern += pattern.endsWith('"') ? '((?:[^"\\\\]|\\\\.)*)' : '(.*?)';
      rest = rest.slice(keyword.length);
    } else {
      if (rest.startsWith('%')) throw new Error(`not a keyword of the Custom format page: ${rest.slice(0, 20)}`);
      const literal = /^[^%]+/.exec(rest)![0];
      pattern += escapeRegExp(literal);
      rest = rest.slice(literal.length);
    }
  }
  const regex = new RegExp(`^${pattern}$`, 's');
  return (line) => {
    const match = regex.exec(line);
    return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) : null;
  };
}

/** The sender's escapes undone (`\xHH`, `\"`, `\\`), back to the request's bytes (latin1). */
export const unescapeValue = (value: string) =>
  value.replace(/\\x([0-9a-fA-F]{2})|\\(["\\])/g, (_, hex, char) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : char,
  );

/** Reads a time value with a strftime layout (the directives the pages use); epoch milliseconds. */
export function strptime(value: string, format: string): number {
  const parts: Record<string, string> = {
    Y: '(?<Y>\\d{4})',
    m: '(?<m>\\d\\d)',
    d: '(?<d>\\d\\d)',
    H: '(?<H>\\d\\d)',
    M: '(?<M>\\d\\d)',
    S: '(?<S>\\d\\d)',
    b: '(?<b>[A-Z][a-z]{2})',
    z: '(?<z>Z|[+-]\\d\\d:?\\d\\d)',
  };
  const regex = new RegExp(
    `^${format
      .split(/(%[A-Za-z])/)
      .map((piece) => (piece.startsWith('%') ? parts[piece[1]] : escapeRegExp(piece)))
      .join('')}$`,
  );
  const g = regex.exec(value)?.groups;
  if (!g) return NaN;
  const month = g.m ? Number(g.m) - 1 : 'JanFebMarAprMayJunJulAugSepOctNovDec'.indexOf(g.b) / 3;
  const zone = g.z === 'Z' ? 0 : (g.z[0] === '-' ? -1 : 1) * (Number(g.z.slice(1, 3)) * 60 + Number(g.z.slice(-2)));
  return Date.UTC(Number(g.Y), month, Number(g.d), Number(g.H), Number(g.M), Number(g.S)) - zone * 60_000;
}

/** An RFC 3164 header (`<PRI>Mmm dd hh:mm:ss host tag: `, host and colon optional) and the line after it. */
export function rfc3164(message: string, tag: string): string | null {
  const found = new RegExp(
    `^<\\d{1,3}>[A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d (?:\\S+ )?${tag}(?:\\[\\d+\\])?:? (.*)$`,
    's',
  ).exec(message);
  return found ? found[1] : null;
}

/** An RFC 5424 header (`<PRI>1 TIME HOST APP PROCID MSGID SD `) and the line after it. */
export function rfc5424(message: string, app: string): string | null {
  const found = new RegExp(`^<\\d{1,3}>1 \\S+ \\S+ ${app} \\S+ \\S+ (?:-|(?:\\[[^\\]]*\\])+) (.*)$`, 's').exec(message);
  return found ? found[1] : null;
}

// --- NGINX with the NGINX web server page's log configuration -------------------------------------

export const NGINX_LOG_PAGE = 'main/configuration/traffic-sources/log-sources-and-formats/nginx-web-server.md';

/**
 * A private nginx (foreground, temp prefix) whose http block holds the NGINX web server page's conf.d
 * file (placeholders filled for the listener on `seerboxPort`, its local log in `dir`), then `http`,
 * then `server` (by default one that answers 200 on `port`). Stopped when the test file ends.
 */
export async function nginxWithSeerboxLog(options: {
  dir: string;
  port: number;
  seerboxPort: number;
  http?: string;
  server?: string;
}) {
  const {dir, port} = options;
  const page = pageFiles(NGINX_LOG_PAGE).en;
  const logging = blockWhere(page, (b) => b.lang === 'nginx' && b.code.includes('access_log syslog:'))
    .code.replaceAll('<SEERBOX_HOST>', '127.0.0.1')
    .replaceAll('<SOURCE_PORT>', String(options.seerboxPort))
    .replaceAll('/var/log/nginx/', `${dir}/`);
  assert.doesNotMatch(logging, /<[A-Z_]+>/, 'every placeholder is filled');
  mkdirSync(path.join(dir, 'tmp'), {recursive: true});
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${dir}/tmp/${k};`);
  const server =
    options.server ??
    `server { listen 127.0.0.1:${port}; default_type text/plain; location / { return 200 "ok\\n"; } }`;
  const conf = `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n${temp.join('\n')}\n${logging}\n${options.http ?? ''}\n${server}\n}\n`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const check = spawnSync('nginx', ['-t', '-q', '-p', dir, '-c', `${dir}/nginx.conf`], {encoding: 'utf8'});
  assert.equal(check.status, 0, check.stderr);
  startServer('nginx', ['-p', dir, '-c', `${dir}/nginx.conf`]);
  await listening(port);
  return {
    test: `nginx -t -q -p '${dir}' -c '${dir}/nginx.conf'`,
    reload: `nginx -s reload -p '${dir}' -c '${dir}/nginx.conf'`,
  };
}

/** The fields of the line in one datagram from nginx: behind the RFC 3164 header (`<190>… nginx: `). */
export function nginxFields(message: string): Record<string, string> {
  const line = rfc3164(message, 'nginx');
  assert.ok(line !== null, `an RFC 3164 header with the tag nginx: ${message.slice(0, 80)}`);
  assert.ok(!line.includes('\n'), 'one line per datagram');
  const fields = customParser(customTemplateOf(pageFiles(NGINX_LOG_PAGE).en))(line);
  assert.ok(fields, `the Custom template matches the line: ${line.slice(0, 300)}`);
  return fields;
}

/**
 * The header shapes the Custom format page shows in "What reaches the traffic source", as patterns:
 * digits, times and names generalised, the rest literal. `sender` is the tag (nginx, apache).
 */
export function headerShownFor(sender: string): RegExp {
  const block = blockWhere(pageFiles(CUSTOM_PAGE).en, (b) => b.lang === 'text' && /^<\d+>/.test(b.code)).code;
  const example = block.split('\n').find((line) => new RegExp(` ${sender}(?::| - )`).test(line));
  if (!example) throw new Error(`no header example for ${sender}`);
  const header = example.slice(0, example.indexOf(` ${sender}`) + sender.length + 1);
  const rest = example.slice(header.length).replace(/ \d{4}-\d\d-\d\dT.*$/, ' ');
  // Variable parts become markers before escaping, then patterns: times, host name, flag digits.
  const patterns = ['\\S+', '[A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d', '\\d'];
  const generalise = (text: string) =>
    escapeRegExp(
      text
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+[+-]\d\d:\d\d/g, '\uE000')
        .replace(' web01 ', ' \uE000 ')
        .replace(/[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d/g, '\uE001')
        .replace(/(?<==")\d(?=")/g, '\uE002'),
    ).replace(/[\uE000-\uE002]/g, (mark) => patterns[mark.charCodeAt(0) - 0xe000]);
  return new RegExp(`^${generalise(header)}${generalise(rest)}`);
}
