import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const searchTheme = `${path.sep}@easyops-cn${path.sep}docusaurus-search-local${path.sep}`;
const client = (file: string) => path.resolve(__dirname, 'client', file);

/**
 * Which of our modules replaces an import of the local search theme's search bar or page: its
 * engine (the theme's lunr worker) and its generated options. Its internals, so the theme is
 * pinned to an exact version in package.json (src/plugins/bundle-diet/UPGRADING.md lists this swap).
 */
export function replacementFor(request: string, issuer: string | undefined): string | null {
  if (!issuer || !issuer.includes(searchTheme)) return null;
  const fromBarOrPage = /[\\/]theme[\\/](SearchBar|SearchPage)[\\/][^\\/]+$/.test(issuer);
  if (!fromBarOrPage) return null;
  if (/[\\/]proxiedGeneratedConstants$/.test(request)) return client('searchBarConstants.mjs');
  if (/[\\/]proxiedGenerated$/.test(request)) return client('searchBarGenerated.mjs');
  // The results come from Pagefind's index instead of the theme's lunr worker.
  if (/[\\/]searchByWorker$/.test(request)) return client('pagefindLazy.ts');
  return null;
}

/**
 * The search theme's UI with Pagefind's results: the search bar and page query Pagefind
 * (src/plugins/search/client/pagefind.ts, loaded with the first search) instead of the theme's lunr worker, and
 * mark.js loads only on pages opened from a search result. Client bundle only.
 */
export default function searchEngineSwap(): Plugin {
  return {
    name: 'seerbox-search-engine',
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      return {
        plugins: [
          new utils.currentBundler.instance.NormalModuleReplacementPlugin(
            /proxiedGenerated(Constants)?$|[\\/]searchByWorker$/,
            (data: {request: string; contextInfo?: {issuer?: string}}) => {
              const replacement = replacementFor(data.request, data.contextInfo?.issuer);
              if (replacement) data.request = replacement;
            },
          ),
        ],
      };
    },
  };
}
