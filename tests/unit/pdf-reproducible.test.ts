// scripts/lib/pdf-reproducible.mjs: Chromium's clock dates and run-dependent structure ids in a
// PDF replaced by the build's date and stable numbers, byte for byte in place, binary content untouched.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {pdfDate, pinPdfDates, renumberStructureIds} from '../../scripts/lib/pdf-reproducible.mjs';
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

test('structure ids become their rank, in order, wherever they are named', () => {
  const dir = tempDir('pdf-ids');
  // Two prints of the same structure whose ids came from different counters.
  const print = (a: string, b: string, c: string) =>
    Buffer.from(
      `<</S /TH\n/ID (node${a})>>\n<</S /TD\n/A <</O /Table /Headers [(node${a})]>>>>\n` +
        `<</S /TH\n/ID (node${c})>>\n<</S /TH\n/ID (node${b})>>\n` +
        `<</Names [(node${a}) 1 0 R (node${b}) 2 0 R (node${c}) 3 0 R]>>\n(node99999999)`,
      'latin1',
    );
  const first = path.join(dir, 'first.pdf');
  const second = path.join(dir, 'second.pdf');
  writeFileSync(first, print('00000214', '00000400', '00035025'));
  writeFileSync(second, print('00001730', '00001911', '00036540'));
  assert.equal(renumberStructureIds(first), 3);
  renumberStructureIds(second);
  const renumbered = readFileSync(first);
  assert.ok(renumbered.equals(readFileSync(second)), 'the two prints are now identical');
  assert.equal(renumbered.length, print('00000214', '00000400', '00035025').length, 'same length');
  assert.match(
    renumbered.toString('latin1'),
    /\[\(node00000001\) 1 0 R \(node00000002\) 2 0 R \(node00000003\) 3 0 R\]/,
  );
  assert.match(renumbered.toString('latin1'), /\(node99999999\)$/, 'a string that names no structure element is kept');
});
