// scripts/lib/pdf-dates.mjs: Chromium's clock dates in a PDF replaced by the build's date,
// byte for byte in place, binary content untouched.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pdfDate, pinPdfDates} from '../../scripts/lib/pdf-dates.mjs';
import {tempDir} from '../support/temp.ts';

test("a PDF's CreationDate and ModDate take the given date, and nothing else changes", () => {
  const file = path.join(tempDir('pdf-dates'), 'a.pdf');
  const binary = Buffer.from([0x00, 0xff, 0x80, 0x0a, 0xe9]);
  const info = (date: string) => `<</Creator (Chromium)\n/CreationDate (${date})\n/ModDate (${date})>>\n`;
  const original = Buffer.concat([Buffer.from('%PDF-1.4\n'), binary, Buffer.from(info("D:20261128135741+00'00'"))]);
  writeFileSync(file, original);
  const date = new Date('2026-11-27T09:08:07Z');
  assert.equal(pdfDate(date), "D:20261127090807+00'00'");
  assert.equal(pinPdfDates(file, date), 2);
  const pinned = readFileSync(file);
  assert.equal(pinned.length, original.length, 'same length: the xref offsets hold');
  assert.ok(pinned.subarray(9, 14).equals(binary), 'binary bytes kept');
  assert.ok(pinned.toString('latin1').endsWith(info("D:20261127090807+00'00'")));
});
