/**
 * What the search theme imports in place of its `searchByWorker` module (src/plugins/search/engineSwap.ts):
 * the Pagefind adapter (./pagefind.ts) loads with the first search, beside the theme's own
 * autocomplete widget, instead of sitting in the main bundle of every page (1.2 KB of gzip less).
 */
import type * as Adapter from './pagefind';

const adapter = () => import('./pagefind');

export async function fetchIndexesByWorker(...args: Parameters<typeof Adapter.fetchIndexesByWorker>): Promise<void> {
  return (await adapter()).fetchIndexesByWorker(...args);
}

export async function searchByWorker(
  ...args: Parameters<typeof Adapter.searchByWorker>
): ReturnType<typeof Adapter.searchByWorker> {
  return (await adapter()).searchByWorker(...args);
}
