// @ts-check
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
