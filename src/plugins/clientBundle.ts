import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const searchTheme = `${path.sep}@easyops-cn${path.sep}docusaurus-search-local${path.sep}`;

const themeCommon = ['', '@docusaurus', 'theme-common', 'lib', ''].join(path.sep);
const coreClient = ['', '@docusaurus', 'core', 'lib', 'client', 'docusaurus.js'].join(path.sep);

/** Which of our modules replaces an import, given the file that imports it. */
export function replacementFor(request: string, issuer: string | undefined): string | null {
  // Docusaurus's prefetch helper: each file once, added in idle time.
  if (issuer?.endsWith(coreClient) && request === './prefetch') return path.resolve(__dirname, '../shims/prefetch.ts');
  // theme-common's React helpers, without ICU's collator for a dependency list.
  if (issuer?.includes(themeCommon) && /[\\/]reactUtils$/.test(request)) {
    return path.resolve(__dirname, '../shims/reactUtils.ts');
  }
  if (!issuer || !issuer.includes(searchTheme)) return null;
  const fromBarOrPage = /[\\/]theme[\\/](SearchBar|SearchPage)[\\/][^\\/]+$/.test(issuer);
  if (!fromBarOrPage) return null;
  if (/[\\/]proxiedGeneratedConstants$/.test(request)) {
    return path.resolve(__dirname, '../search/searchBarConstants.mjs');
  }
  if (/[\\/]proxiedGenerated$/.test(request)) {
    return path.resolve(__dirname, '../search/searchBarGenerated.mjs');
  }
  // The results come from Pagefind's index instead of the theme's lunr worker.
  if (/[\\/]searchByWorker$/.test(request)) {
    return path.resolve(__dirname, '../search/pagefindLazy.ts');
  }
  return null;
}

/** What only the build reads: the plugins' and presets' options, the page template, Markdown options, static folders. */
const BUILD_ONLY = new Set(['plugins', 'presets', 'themes', 'ssrTemplate', 'markdown', 'staticDirectories']);

/**
 * The site config as the browser gets it, from the module Docusaurus generated
 * (`export default <JSON>;`): without BUILD_ONLY, which Docusaurus would otherwise serialise into
 * the main bundle of every page (1.3 KB of gzip).
 */
export function clientConfigModule(generated: string): string {
  const marker = 'export default ';
  const at = generated.indexOf(marker);
  if (at < 0) throw new Error('client bundle: the generated docusaurus.config.mjs has no default export');
  const config = JSON.parse(generated.slice(at + marker.length).replace(/;\s*$/, '')) as Record<string, unknown>;
  const client = Object.fromEntries(Object.entries(config).filter(([key]) => !BUILD_ONLY.has(key)));
  return `export default ${JSON.stringify(client, null, 2)};\n`;
}

/**
 * Keeps what a reading page does not need out of the main bundle that every
 * page loads. The local search theme's engine is swapped: the search bar and
 * page query Pagefind (src/search/pagefind.ts, loaded with the first search) instead of the theme's lunr
 * worker, and mark.js loads only on pages opened from a search result. The
 * theme's few helpers from @docusaurus/utils-common come from their own
 * modules (src/shims/utils-common.ts), without the whole of tslib, and links
 * prefetch each file once, in idle time (src/shims/prefetch.ts). The site config leaves out
 * what only the build reads (clientConfigModule).
 * Client bundle only; the server bundle is never shipped.
 */
export default function clientBundle(context: LoadContext): Plugin {
  return {
    name: 'seerbox-client-bundle',
    // Docusaurus passes PostCSS its plugins; without `config: false`, postcss-loader would also
    // search every stylesheet's folders for a PostCSS config file (1.7 s of each cold build).
    configurePostCss: (options) => ({...options, config: false}),
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const bundler = utils.currentBundler.instance;
      // From the config Docusaurus generated for this language, after it translated the navbar and
      // footer: the plugin's own `context.siteConfig` is older, and pages would not hydrate.
      const generated = context.generatedFilesDir;
      const clientConfig = path.join(generated, 'seerbox-client-bundle', 'client-site-config.mjs');
      mkdirSync(path.dirname(clientConfig), {recursive: true});
      writeFileSync(
        clientConfig,
        clientConfigModule(readFileSync(path.join(generated, 'docusaurus.config.mjs'), 'utf8')),
      );
      return {
        resolve: {alias: {'@docusaurus/utils-common$': path.resolve(__dirname, '../shims/utils-common.ts')}},
        plugins: [
          new bundler.NormalModuleReplacementPlugin(/^@generated\/docusaurus\.config$/, clientConfig),
          new bundler.NormalModuleReplacementPlugin(
            /proxiedGenerated(Constants)?$|[\\/]searchByWorker$|^\.\/prefetch$|[\\/]reactUtils$/,
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
