import {execFile} from 'node:child_process';
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {Worker} from 'node:worker_threads';
import type {Plugin} from '@docusaurus/types';

/** The folder, below each language's root, that holds its search index and search code. */
export const SEARCH_DIR = 'pagefind';

/** Which routes are searched: the user guide, the API reference, the category pages, the Markdown pages. */
export function isSearchedRoute(route: string, languageRoot: string): boolean {
  if (!route.startsWith(languageRoot)) return false;
  return /^(main|api|category)\/|^(markdown-page|accessibility)$/.test(route.slice(languageRoot.length));
}

/** A searched page: its route, and its built file. */
type Page = {url: string; file: string};

/** What every page repeats, and the buttons' labels: never indexed. */
const EXCLUDED = [
  'nav',
  'button',
  '.theme-doc-footer',
  '.theme-doc-toc-mobile',
  '.hash-link',
  '.api-operation__examples',
];

/** Pagefind's output that the search bar never loads: its own user interfaces, other languages' wasm. */
export function unused(name: string, language: string): boolean {
  if (/^pagefind-(component-ui|modular-ui|ui|highlight)\./.test(name)) return true;
  return /^wasm\.[\w-]+\.pagefind$/.test(name) && name !== `wasm.${language}.pagefind`;
}

/** Runs write.mjs in a worker thread (see there why); resolves to the path of Pagefind's program. */
function prepare(job: {site: string; pages: Page[]}): Promise<string> {
  return new Promise((resolve, reject) => {
    // A small young generation: the pages are parsed one at a time and then dropped.
    const worker = new Worker(path.join(__dirname, 'write.mjs'), {
      workerData: job,
      resourceLimits: {maxYoungGenerationSizeMb: 2},
    });
    let program: string | undefined;
    worker.on('message', (message: string) => (program = message));
    worker.on('error', (error) => reject(new Error(`Pagefind index: ${error.message}`, {cause: error})));
    // Once the worker has ended, so that its memory and Pagefind's program's are never held at once.
    worker.on('exit', (code) =>
      program && code === 0
        ? resolve(program)
        : reject(new Error(`Pagefind index: the copies stopped (exit code ${code})`)),
    );
  });
}

/**
 * Writes a language's index: Pagefind's program reads a prepared copy of the pages (./write.mjs),
 * each at its URL, which it gives to its results, once the worker that made them has ended.
 */
async function writeIndex(language: string, outputPath: string, pages: Page[]) {
  const site = await mkdtemp(path.join(os.tmpdir(), 'seerbox-search-'));
  try {
    const program = await prepare({site, pages});
    await rm(outputPath, {recursive: true, force: true});
    const args = ['--site', site, '--output-path', outputPath, '--root-selector', 'main', '--force-language', language];
    args.push(...EXCLUDED.flatMap((selector) => ['--exclude-selectors', selector]), '--silent');
    await promisify(execFile)(program, args).catch((error: {stderr?: string; message: string}) => {
      throw new Error(`Pagefind index (${language}): ${(error.stderr || error.message).trim()}`);
    });
  } finally {
    await rm(site, {recursive: true, force: true});
  }
  // Every page given was indexed, or one would be silently missing from search.
  const entry = JSON.parse(await readFile(path.join(outputPath, 'pagefind-entry.json'), 'utf8'));
  const indexed = entry.languages?.[language]?.page_count;
  if (indexed !== pages.length) throw new Error(`Pagefind index (${language}): ${indexed} of ${pages.length} pages`);
  for (const name of await readdir(outputPath)) {
    if (unused(name, language)) await rm(path.join(outputPath, name));
  }
}

/**
 * Each language's search index, written by Pagefind after the build into `<language root>/pagefind/`:
 * an index split into small files that the search bar fetches as a query needs them
 * (src/plugins/search/client/pagefind.ts), with the language's stemmer. One index per language, so
 * results never mix languages.
 */
export default function searchIndexPlugin(): Plugin {
  return {
    name: 'seerbox-search-index',
    // `baseUrl` is the language's root (`/it/` in the whole site's Italian build, `/` when built alone).
    async postBuild({outDir, routesPaths, baseUrl: languageRoot, i18n}) {
      const pages = routesPaths
        .filter((route) => isSearchedRoute(route, languageRoot))
        .map((url) => ({url, file: path.join(outDir, url.slice(languageRoot.length), 'index.html')}));
      if (pages.length === 0) return; // the test-fixtures site has no searchable page
      await writeIndex(i18n.currentLocale, path.join(outDir, SEARCH_DIR), pages);
    },
  };
}
