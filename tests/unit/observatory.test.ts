import {test} from 'node:test';
import assert from 'node:assert/strict';
import {observatoryScore, type ObservatoryInput} from '../nginx/observatory';

const csp =
  "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'";
const headers = {
  'content-security-policy': csp,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000',
};
const page = {headers, body: '<script src="/assets/js/main.js"></script>'};
const https = {...page, verified: true};
const redirected = [
  {url: 'http://docs.example/', status: 301},
  {url: 'https://docs.example/', status: 200},
];
const score = (input: Partial<ObservatoryInput>) => {
  const {grade, score: points} = observatoryScore({httpRoute: redirected, https, page, ...input});
  return `${grade} ${points}`;
};

test('HTTPS with redirect and HSTS: A+, with the bonuses (referrer, frame-ancestors, CORP)', () => {
  assert.equal(score({}), 'A+ 120');
  const {outcomes} = observatoryScore({httpRoute: redirected, https, page});
  assert.deepEqual(outcomes['content-security-policy'], ['csp-implemented-with-unsafe-inline-in-style-src-only', 0]);
  assert.deepEqual(outcomes['x-frame-options'], ['x-frame-options-implemented-via-csp', 5]);
});

test('what lowers the grade', () => {
  // Plain HTTP, no redirect: the grade the issue measured with the real scanner.
  assert.equal(score({httpRoute: [{url: 'http://docs.example/', status: 200}], https: null}), 'C+ 60');
  // A short HSTS costs 10; the bonuses still count from 90 on.
  assert.equal(
    score({https: {...https, headers: {...headers, 'strict-transport-security': 'max-age=86400'}}}),
    'A+ 110',
  );
  // Below 90 they are dropped.
  assert.equal(score({https: {...https, headers: {...headers, 'strict-transport-security': undefined}}}), 'B+ 80');
  assert.equal(score({https: {...https, verified: false}}), 'B+ 80');
  assert.equal(score({httpRoute: [{url: 'http://docs.example/', status: 200}]}), 'B+ 80');
  assert.equal(
    score({page: {...page, headers: {...headers, 'content-security-policy': "script-src 'self' 'unsafe-inline'"}}}),
    'C+ 60',
  );
  assert.throws(() => score({page: {...page, headers: {...headers, 'set-cookie': 'a=b'}}}), /not modelled/);
});
