import {spawn} from 'node:child_process';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The folder, below each language's root, that holds its search index and search code. */
export const SEARCH_DIR = 'pagefind';

/** Which routes are searched: the user guide, the API reference, the category pages, the Markdown page. */
export function isSearchedRoute(route: string, languageRoot: string): boolean {
  if (!route.startsWith(languageRoot)) return false;
  return /^(main|api|category)\/|^markdown-page$/.test(route.slice(languageRoot.length));
}

/** Runs write.mjs with the job on its standard input; rejects with its error output. */
function runWriter(job: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'write.mjs')], {stdio: ['pipe', 'inherit', 'pipe']});
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`Pagefind index: ${errors.trim()}`))));
    child.stdin.end(JSON.stringify(job));
  });
}

/**
 * Each language's search index, written by Pagefind after the build into `<language root>/pagefind/`:
 * an index split into small files that the search bar fetches as a query needs them
 * (src/search/pagefind.ts), with the language's stemmer. One index per language, so
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
      await runWriter({language: i18n.currentLocale, outputPath: path.join(outDir, SEARCH_DIR), pages});
    },
  };
}
