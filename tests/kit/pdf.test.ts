// The PDF manuals (scripts/pdf.mjs, run after every build), checked with Debian's poppler-utils.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, statSync} from 'node:fs';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {pdfPath, readOrder, release} from '../../scripts/pdf.mjs';
import {builtFile} from '../support/build';

const root = path.resolve(import.meta.dirname, '../..');
const build = path.resolve(root, process.env.BUILD_DIR ?? 'build');
/** Size budget of one manual: about 410 A4 pages (guide, API reference with its examples) weigh about 12 MB today. */
export const PDF_BUDGET_BYTES = 16 * 1024 * 1024;

/** Runs a poppler tool; a missing one fails with the package to install, never silently. */
function poppler(tool: string, args: string[]): string {
  const run = spawnSync(tool, args, {encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
  if (run.error) throw new Error(`${tool} not found: install Debian's poppler-utils (apt-get install poppler-utils)`);
  assert.equal(run.status, 0, `${tool} ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Positions of `titles` in `text`, each searched after the previous one; -1 where missing. */
export function inOrder(text: string, titles: readonly string[], from = 0): number[] {
  let position = from;
  return titles.map((title) => {
    const found = text.indexOf(title, position);
    if (found >= 0) position = found + title.length;
    return found;
  });
}

/** Common short words: the Italian manual must read as Italian, the English one as English. */
export function languageScore(text: string): {en: number; it: number} {
  const count = (words: string[]) =>
    words.reduce(
      (sum, word) => sum + (text.match(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'giu'))?.length ?? 0),
      0,
    );
  return {
    en: count(['the', 'and', 'of', 'to', 'is', 'with', 'when', 'which']),
    it: count(['il', 'della', 'per', 'che', 'di', 'con', 'quando', 'sono']),
  };
}

test('inOrder and languageScore tell right from wrong', () => {
  assert.deepEqual(inOrder('A B C', ['A', 'C']), [0, 4]);
  assert.deepEqual(inOrder('A B C', ['C', 'A']), [4, -1]);
  const it = languageScore('Il servizio della rete per che di con');
  assert.ok(it.it > it.en);
  const en = languageScore('The service of the network and the rules');
  assert.ok(en.en > en.it);
});

for (const locale of ['en', 'it'] as const) {
  const file = pdfPath(build, locale, release());
  const order = readOrder(locale, build);
  const titles: string[] = order.entries.map((entry: {title: string}) => flat(entry.title));

  test(`${locale}: the manual exists, is tagged, and fits its budget`, () => {
    assert.ok(existsSync(file), `${path.relative(root, file)} is missing: run npm run build (or npm run pdf)`);
    assert.match(
      path.basename(file),
      new RegExp(`^seer-box-docs-${release().replaceAll('.', '\\.')}-${locale}\\.pdf$`),
    );
    const info = poppler('pdfinfo', [file]);
    assert.match(info, /^Tagged:\s+yes$/m);
    assert.match(info, /^Page size:\s+595\.\d+ x 842\.\d+ pts \(A4\)$/m);
    const size = statSync(file).size;
    assert.ok(size <= PDF_BUDGET_BYTES, `${path.basename(file)}: ${size} bytes, budget ${PDF_BUDGET_BYTES}`);
  });

  test(`${locale}: cover, running footer, and every page's title in sidebar order`, () => {
    const text = flat(poppler('pdftotext', ['-enc', 'UTF-8', file, '-']));
    const cover = flat(poppler('pdftotext', ['-enc', 'UTF-8', '-f', '1', '-l', '1', file, '-']));
    assert.match(cover, new RegExp(`Seer Box .*Release ${release().replaceAll('.', '\\.')}`));
    assert.match(
      cover,
      locale === 'it' ? /Italiano.*Generato il \d{4}-\d{2}-\d{2}/ : /English.*Built on \d{4}-\d{2}-\d{2}/,
    );
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(poppler('pdfinfo', [file]))?.[1]);
    assert.ok(pages > order.entries.length, `${pages} PDF pages for ${order.entries.length} site pages`);
    assert.ok(text.includes(locale === 'it' ? `pagina 1 di ${pages}` : `page 1 of ${pages}`), 'page X of Y');
    // The table of contents lists every title in order; the pages follow it in the same order.
    const toc = inOrder(text, titles);
    assert.deepEqual(
      titles.filter((_, i) => toc[i] < 0),
      [],
      'titles missing from the table of contents',
    );
    const body = inOrder(text, titles, toc.at(-1)! + titles.at(-1)!.length);
    assert.deepEqual(
      titles.filter((_, i) => body[i] < 0),
      [],
      'titles missing or out of sidebar order in the body',
    );
    assert.match(titles.at(-1)!, locale === 'it' ? /licenza|EULA/i : /license|EULA/i, 'the EULA summary comes last');
  });

  test(`${locale}: a bookmark for every page and for its H2 sections`, () => {
    const xml = poppler('pdftohtml', ['-xml', '-i', '-stdout', '-q', file]);
    const outline = xml.slice(xml.indexOf('<outline>'));
    const items = [...outline.matchAll(/<item page="\d+">([^<]*)<\/item>/g)].map((m) =>
      flat(
        m[1]
          .replace(/&amp;/g, '&')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'"),
      ),
    );
    // Bookmarks are read from the tagged headings, where a space next to an inline element may drop.
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    const bookmarks = new Set(items.map(squeeze));
    for (const title of titles) assert.ok(bookmarks.has(squeeze(title)), `no bookmark for "${title}"`);
    // Each page's H2 sections, as the built page shows them, each with its bookmark.
    // (Category pages list their pages as cards, whose titles are no sections.)
    const sections = order.entries
      .filter((entry: {kind: string}) => entry.kind === 'doc')
      .flatMap((entry: {permalink: string}) => {
        const $ = cheerio.load(readFileSync(builtFile(entry.permalink, build), 'utf8'));
        return $('article h2')
          .toArray()
          .map((h2) => flat($(h2).clone().find('.hash-link').remove().end().text()).trim());
      });
    assert.ok(sections.length > titles.length, `${sections.length} H2 sections in ${titles.length} pages`);
    const missing = sections.filter((section) => !bookmarks.has(squeeze(section)));
    assert.deepEqual(missing, [], 'H2 sections without a bookmark');
  });

  test(`${locale}: internal links jump to destinations inside the file`, () => {
    const raw = readFileSync(file, 'latin1');
    const targets = [...raw.matchAll(/\/Dest \/([^\s/<>[\]()]+)/g)].map((m) => m[1]);
    assert.ok(targets.length > order.entries.length, `${targets.length} internal links`);
    const dests = new Set([...poppler('pdfinfo', ['-dests', file]).matchAll(/"([^"]+)"\s*$/gm)].map((m) => m[1]));
    const missing = [...new Set(targets)].filter(
      (name) => !dests.has(decodeURIComponent(name.replace(/#([0-9a-f]{2})/gi, '%$1'))),
    );
    assert.deepEqual(missing, [], 'links to destinations the file lacks');
    // No link leaves the manual for the site it was printed from.
    assert.doesNotMatch(raw, /\/URI \(http:\/\/127\.0\.0\.1/);
  });

  test(`${locale}: the text is in the manual's language`, () => {
    const score = languageScore(poppler('pdftotext', ['-enc', 'UTF-8', file, '-']));
    if (locale === 'it') assert.ok(score.it > score.en * 3, `Italian manual: ${JSON.stringify(score)}`);
    else assert.ok(score.en > score.it * 3, `English manual: ${JSON.stringify(score)}`);
  });
}
