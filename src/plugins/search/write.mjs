// @ts-check
// Prepares one language's pages for Pagefind's program. ./index.ts runs it in a worker thread of the
// build, so the build's own thread goes on meanwhile (with the Markdown export of the same pages),
// at far less memory than a process of its own; parse5 rather than cheerio for the same reason
// (60 MB less at the build's peak). Input (workerData): {site, pages: [{url, file}]}: each page is
// copied to SITE/URL/index.html. Output (a message): the path of Pagefind's program.
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';
import {isMainThread, parentPort, workerData} from 'node:worker_threads';
import {defaultTreeAdapter as tree, parse, serialize} from 'parse5';

/** @typedef {import('parse5').DefaultTreeAdapterMap['element']} Element */

/**
 * Every element below `node` (depth first) that `test` accepts.
 * @param {import('parse5').DefaultTreeAdapterMap['parentNode']} node
 * @param {(element: Element) => boolean} test
 * @returns {Element[]}
 */
function findAll(node, test) {
  return tree.getChildNodes(node).flatMap((child) => {
    if (!tree.isElementNode(child)) return [];
    return [...(test(child) ? [child] : []), ...findAll(child, test)];
  });
}

/** @param {string} name */
const hasClass = (name) => (/** @type {Element} */ element) =>
  (element.attrs.find((attr) => attr.name === 'class')?.value ?? '').split(/\s+/).includes(name);

/** @param {import('parse5').DefaultTreeAdapterMap['node']} node @returns {string} */
const textOf = (node) =>
  tree.isTextNode(node) ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';

/**
 * Weights of what says most about a page, beside Pagefind's own for headings (h1 7 down to h6 2):
 * the words readers search with (front matter `keywords`) above a title (Pagefind's greatest weight), the page's summary
 * (`description`) and the header cells of its tables (a table of ports answers "which ports").
 */
const WEIGHTS = {keywords: '10', description: '4', th: '3'};

/** @param {import('parse5').DefaultTreeAdapterMap['document']} document @param {string} name */
const metaContent = (document, name) =>
  findAll(
    document,
    (element) => element.tagName === 'meta' && element.attrs.some((a) => a.name === 'name' && a.value === name),
  )[0]?.attrs.find((attr) => attr.name === 'content')?.value;

/**
 * The page as Pagefind should read it: every end tag written out (the build's minifier leaves out
 * those HTML lets it omit, which Pagefind's parser does not infer: a table's cells would run
 * together into one word), its table headers, summary and keywords weighted (WEIGHTS), and its breadcrumb (sidebar categories, without the home link and the
 * page itself) as the `breadcrumb` field the results show under each title.
 * @param {string} html
 */
export function prepareHtml(html) {
  const document = parse(html);
  const [main] = findAll(document, (element) => element.tagName === 'main');
  const crumbs = findAll(document, hasClass('theme-doc-breadcrumbs'))
    .flatMap((nav) => findAll(nav, hasClass('breadcrumbs__item')))
    .map((item) => textOf(item).trim())
    .filter(Boolean)
    .slice(0, -1);
  if (main) {
    for (const th of findAll(main, (element) => element.tagName === 'th'))
      th.attrs.push({name: 'data-pagefind-weight', value: WEIGHTS.th});
    // Hidden, so never shown in an excerpt's place on the page; indexed all the same.
    for (const name of /** @type {const} */ (['description', 'keywords'])) {
      const text = metaContent(document, name);
      if (!text) continue;
      const field = tree.createElement('p', main.namespaceURI, [
        {name: 'hidden', value: ''},
        {name: 'data-pagefind-weight', value: WEIGHTS[name]},
      ]);
      tree.insertText(field, text);
      // First, so that it belongs to the page's opening section rather than to its last heading.
      const [first] = tree.getChildNodes(main);
      if (first) tree.insertBefore(main, field, first);
      else tree.appendChild(main, field);
    }
  }
  if (main && crumbs.length > 0) {
    const field = tree.createElement('span', main.namespaceURI, [
      {name: 'hidden', value: ''},
      {name: 'data-pagefind-ignore', value: ''},
      {name: 'data-pagefind-meta', value: 'breadcrumb'},
    ]);
    tree.insertText(field, crumbs.join(' › '));
    tree.appendChild(main, field);
  }
  return serialize(document);
}

/**
 * Pagefind's program, found as its npm wrapper finds it (pagefind/lib/resolveBinary.js, which the
 * package does not export). Here, because the build's plugins cannot resolve an ES module.
 */
function pagefindProgram() {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = platform === 'windows' ? 'pagefind_extended.exe' : 'pagefind_extended';
  return createRequire(import.meta.resolve('pagefind')).resolve(`@pagefind/${platform}-${process.arch}/bin/${name}`);
}

/**
 * Copies each page, prepared, to SITE/URL/index.html.
 * @param {{site: string, pages: Array<{url: string, file: string}>}} job
 */
async function copyPages({site, pages}) {
  for (const {url, file} of pages) {
    const copy = path.join(site, url, 'index.html');
    await mkdir(path.dirname(copy), {recursive: true});
    await writeFile(copy, prepareHtml(await readFile(file, 'utf8')));
  }
}

// A rejection ends the worker with an 'error' event, which ./index.ts reports.
if (!isMainThread) void copyPages(workerData).then(() => parentPort?.postMessage(pagefindProgram()));
