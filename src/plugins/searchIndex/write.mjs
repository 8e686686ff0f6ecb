// Writes one language's Pagefind index. Run by ./index.ts in a process of its own: Docusaurus
// loads plugins as CommonJS in a VM, where Pagefind (ES modules only) cannot be imported.
// Input on stdin, as JSON: {language, outputPath, pages: [{url, file}]}.
import {readFile, readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import {text} from 'node:stream/consumers';
import * as cheerio from 'cheerio';
import {runCli} from '../../../scripts/lib/cli.mjs';

/**
 * The page as Pagefind should read it: its breadcrumb (sidebar categories, without the home link
 * and the page itself) as the `breadcrumb` field the results show under each title.
 * @param {string} html
 */
export function prepareHtml(html) {
  const $ = cheerio.load(html);
  const crumbs = $('nav.theme-doc-breadcrumbs .breadcrumbs__item')
    .toArray()
    .map((item) => $(item).text().trim())
    .filter(Boolean)
    .slice(0, -1);
  if (crumbs.length > 0) {
    const field = $('<span hidden data-pagefind-ignore data-pagefind-meta="breadcrumb"></span>');
    $('main').append(field.text(crumbs.join(' › ')));
  }
  return $.html();
}

/**
 * Pagefind's output that the search bar never loads: its own user interfaces, other languages' wasm.
 * @param {string} name
 * @param {string} language
 */
export function unused(name, language) {
  if (/^pagefind-(component-ui|modular-ui|ui|highlight)\./.test(name)) return true;
  return /^wasm\.[\w-]+\.pagefind$/.test(name) && name !== `wasm.${language}.pagefind`;
}

/** @param {{language: string, outputPath: string, pages: Array<{url: string, file: string}>}} job */
async function write({language, outputPath, pages}) {
  const pagefind = await import('pagefind');
  const {index, errors} = await pagefind.createIndex({
    rootSelector: 'main',
    // What every page repeats, and the buttons' labels.
    excludeSelectors: [
      'nav',
      'button',
      '.theme-doc-footer',
      '.theme-doc-toc-mobile',
      '.hash-link',
      '.api-operation__examples',
    ],
    forceLanguage: language,
  });
  if (!index) throw new Error(errors.join('; '));
  for (const {url, file} of pages) {
    const added = await index.addHTMLFile({url, content: prepareHtml(await readFile(file, 'utf8'))});
    if (added.errors.length > 0) throw new Error(`${url}: ${added.errors.join('; ')}`);
  }
  await rm(outputPath, {recursive: true, force: true});
  const written = await index.writeFiles({outputPath});
  if (written.errors.length > 0) throw new Error(written.errors.join('; '));
  await pagefind.close();
  for (const name of await readdir(outputPath)) {
    if (unused(name, language)) await rm(path.join(outputPath, name));
  }
}

runCli(
  import.meta.url,
  {name: 'search-index', usage: 'node src/plugins/searchIndex/write.mjs < job.json  (see the comment at the top)'},
  async () => write(JSON.parse(await text(process.stdin))),
);
