// The NGINX web server page's procedure, run: its conf.d file in a throw-away nginx on loopback,
// a Node UDP listener in place of Seer Box, and every received line read back with the page's own
// Custom template. Hard requests (quotes, spaces, non-ASCII, a long cookie, a refused request) and
// a burst must each arrive as exactly one datagram with one line that gives back what was sent.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {tempDir} from '../support/temp';
import {
  HARD_CASES,
  NGINX_LOG_PAGE,
  REFUSED,
  assertFields,
  burst,
  dateFormatOf,
  freePort,
  headerShownFor,
  httpRequest,
  need,
  nginxFields,
  nginxWithSeerboxLog,
  pageFiles,
  udpListener,
  unescapeValue,
  until,
  type Response,
} from '../support/outcome';

const page = pageFiles(NGINX_LOG_PAGE).en;
const dateFormat = dateFormatOf(page);

test('each hard request arrives as one datagram whose line the Custom template reads back', async (t) => {
  if (!need(t, ['nginx'], 'nginx')) return;
  const dir = tempDir('outcome-nginx');
  const seerbox = await udpListener();
  const port = await freePort();
  await nginxWithSeerboxLog({dir, port, seerboxPort: seerbox.port});

  const cases = [...HARD_CASES, REFUSED];
  const answers: Response[] = [];
  for (const request of cases) answers.push(await httpRequest(port, request));
  assert.equal(answers.at(-1)?.status, 400, 'nginx refuses the bad Host');
  await until(() => seerbox.messages.length >= cases.length);
  assert.equal(seerbox.messages.length, cases.length, 'one datagram per request, no more');

  // The header is the one the Custom format page shows for NGINX.
  for (const message of seerbox.messages) assert.match(message, headerShownFor('nginx'));
  const lines = seerbox.messages.map(nginxFields);
  for (const [i, request] of cases.entries()) {
    const own = lines.filter((fields) => unescapeValue(fields['%path']) === request.path);
    assert.equal(own.length, 1, `exactly one line for ${request.target}`);
    // nginx writes "-" for a header the request lacks, "" for the page's empty $seerbox_query.
    assertFields(own[0], request, answers[i], {port, dateFormat, missing: '-', noQuery: ''});
  }
});

test('a burst of 2,000 requests gives 2,000 datagrams, one line each, none lost or doubled', async (t) => {
  if (!need(t, ['nginx'], 'nginx')) return;
  const dir = tempDir('outcome-nginx-burst');
  const seerbox = await udpListener();
  const port = await freePort();
  await nginxWithSeerboxLog({dir, port, seerboxPort: seerbox.port});
  const COUNT = 2000;
  const answers = await burst(COUNT, 20, (i) =>
    httpRequest(port, {target: `/burst/${i}?n=${i}`, headers: {'User-Agent': `burst "${i}"`}}),
  );
  assert.ok(answers.every((answer) => answer.status === 200));
  await until(() => seerbox.messages.length >= COUNT);
  const seen = new Map<string, number>();
  for (const fields of seerbox.messages.map(nginxFields)) {
    assert.equal(fields['%query_string'], `n=${fields['%path'].slice('/burst/'.length)}`);
    seen.set(fields['%path'], (seen.get(fields['%path']) ?? 0) + 1);
  }
  assert.equal(seen.size, COUNT, 'every request has its line');
  assert.ok(
    [...seen.values()].every((n) => n === 1),
    'no line twice',
  );
});
