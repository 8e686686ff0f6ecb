import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * The classic theme's client module that registers Prism's extra languages, as Docusaurus
 * requests it (an absolute path without extension, in .docusaurus/client-modules.js).
 */
export const prismClientModule = path.join(
  path.dirname(require.resolve('@docusaurus/theme-classic')),
  'prism-include-languages',
);

/** The modules only code blocks use: Prism, the stock code block and our ./Highlighted entry. */
const codeBlockModules =
  /[\\/](prism-react-renderer|prismjs)[\\/]|[\\/]theme-classic[\\/]lib[\\/]theme[\\/](CodeBlock|prism-include-languages)[\\/]|[\\/]src[\\/]theme[\\/]CodeBlock[\\/]Highlighted/;

/**
 * Keeps Prism (prism-react-renderer and the extra languages, about 30 KB of gzip) out of the
 * main bundle that every page loads: the theme's client module imports it on every page, so it
 * is swapped for an empty module, and src/theme/CodeBlock/Highlighted registers the languages in
 * the code blocks' own chunk, which only pages that show code fetch. Both bundles, so the server
 * renders code exactly as the browser hydrates it.
 */
export default function prismOnDemand(): Plugin {
  return {
    name: 'seerbox-prism-on-demand',
    configureWebpack(_config, isServer) {
      return {
        resolve: {alias: {[`${prismClientModule}$`]: false}},
        // Docusaurus puts what more than half the pages import in its `common` chunk, which every
        // page loads: the code blocks' chunk (imported by each page with code, see
        // src/remark/codeBlockChunk.mjs) is kept out of it, for the pages without code.
        ...(!isServer && {
          optimization: {
            splitChunks: {
              cacheGroups: {
                codeBlocks: {name: 'code-blocks', test: codeBlockModules, chunks: 'all', enforce: true, priority: 45},
              },
            },
          },
        }),
      };
    },
  };
}
