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
    configureWebpack() {
      return {resolve: {alias: {[`${prismClientModule}$`]: false}}};
    },
  };
}
