// /.well-known/security.txt (src/plugins/securityTxt.ts): RFC 9116 fields from the build settings.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {PLACEHOLDER_SECURITY_CONTACT, securitySettings, securityTxt} from '../../src/plugins/securityTxt';

const built = new Date('2026-11-28T13:00:00Z');

/** The fields of a security.txt, in order. */
const fields = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => line.split(': '));

test('security.txt has Contact, Expires, Preferred-Languages and Canonical, under the base path', () => {
  const {contact, expires, warnings} = securitySettings(
    {contact: 'mailto:psirt@example.org', expires: '2027-05-31T00:00:00Z'},
    built,
  );
  assert.deepEqual(warnings, []);
  const text = securityTxt({contact, expires, siteUrl: 'https://docs.example.org/', baseUrl: '/docs/'});
  assert.deepEqual(fields(text), [
    ['Contact', 'mailto:psirt@example.org'],
    ['Expires', '2027-05-31T00:00:00Z'],
    ['Preferred-Languages', 'en, it'],
    ['Canonical', 'https://docs.example.org/docs/.well-known/security.txt'],
  ]);
  assert.ok(text.endsWith('\n'));
});

test('left to their defaults, Contact and Expires each get a warning; Expires then follows the build date', () => {
  const {contact, expires, warnings} = securitySettings({}, built);
  assert.equal(contact, PLACEHOLDER_SECURITY_CONTACT);
  // 180 days after the build date, at midnight UTC: one commit, one file.
  assert.equal(expires.toISOString(), '2027-05-27T00:00:00.000Z');
  assert.equal(warnings.length, 2);
  assert.match(warnings[0], /^SECURITY_CONTACT is not set/);
  assert.match(warnings[1], /^SECURITY_EXPIRES is not set/);
});

test('a past or distant Expires warns; a bad Contact or Expires stops the build', () => {
  assert.match(
    securitySettings({contact: 'https://example.org/report', expires: '2026-01-01T00:00:00Z'}, built).warnings[0],
    /already passed/,
  );
  assert.match(
    securitySettings({contact: 'tel:+390000', expires: '2028-06-01T00:00:00Z'}, built).warnings[0],
    /more than a year/,
  );
  assert.throws(() => securitySettings({contact: 'security@example.org'}, built), /mailto:, https:\/\/ or tel:/);
  assert.throws(() => securitySettings({contact: 'mailto:a@example.org', expires: 'soon'}, built), /ISO 8601/);
});
