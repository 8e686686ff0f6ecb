// @ts-check
// What makes two prints of one manual byte-identical: Chromium takes some values from the clock and
// from counters that differ between runs, and these functions set them from the build instead.
import {readFileSync, writeFileSync} from 'node:fs';

/**
 * The PDF date string of `date` in the form Chromium (Skia) writes, D:YYYYMMDDHHmmss+00'00'.
 * @param {Date} date
 */
export const pdfDate = (date) => `D:${date.toISOString().replace(/\D/g, '').slice(0, 14)}+00'00'`;

/**
 * Sets a PDF's CreationDate and ModDate, which Chromium takes from the clock, to `date`: the only
 * bytes that differed between two prints of one build. The new value has the same length as the
 * old, so the cross-reference offsets stay right. Returns how many dates were set.
 * @param {string} file
 * @param {Date} date
 */
export function pinPdfDates(file, date) {
  const bytes = readFileSync(file);
  // latin1 maps every byte to one character and back, so binary streams survive the round trip.
  const text = bytes.toString('latin1');
  let count = 0;
  const pinned = text.replace(/\/(CreationDate|ModDate) \((D:\d{14}\+00'00')\)/g, (whole, key) => {
    count += 1;
    return `/${key} (${pdfDate(date)})`;
  });
  if (pinned.length !== text.length) throw new Error(`${file}: the PDF dates changed length`);
  writeFileSync(file, Buffer.from(pinned, 'latin1'));
  return count;
}

/**
 * Renumbers the tagged PDF's structure element ids. Chromium names them after Blink's DOM node ids
 * (`/ID (node00035025)`), which a global counter hands out on first use, so the same elements get
 * other numbers in every run. Each id becomes its rank among the file's ids, with the same digits:
 * the length stays (the xref offsets hold) and so does the order (the /IDTree's keys stay sorted).
 * Every reference to an id (the /IDTree, table headers' /Headers) is renamed with it. Returns how
 * many ids were renumbered.
 * @param {string} file
 */
export function renumberStructureIds(file) {
  const text = readFileSync(file).toString('latin1');
  const ids = [...new Set([...text.matchAll(/\/ID \(node(\d{8})\)/g)].map((match) => match[1]))].sort();
  const rank = new Map(ids.map((id, index) => [id, String(index + 1).padStart(8, '0')]));
  const renumbered = text.replace(/\(node(\d{8})\)/g, (whole, id) => {
    const next = rank.get(id);
    return next === undefined ? whole : `(node${next})`;
  });
  writeFileSync(file, Buffer.from(renumbered, 'latin1'));
  return ids.length;
}
