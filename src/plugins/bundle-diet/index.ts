import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {clientConfigModule} from './clientConfig';
import {COPIED, SWAPS, swapFor} from './internals';

/** theme-classic's client module that registers Prism's extra languages, as Docusaurus requests it (no extension). */
export const prismClientModule = path.join(
  path.dirname(require.resolve('@docusaurus/theme-classic')),
  path.basename(COPIED.prismClientModule, '.js'),
);

/**
 * Our replacements of Docusaurus internals, each listed in ./UPGRADING.md with what it saves and the
 * test that guards it; `SEERBOX_STOCK=true` (docusaurus.config.ts) builds without this plugin. Browser
 * bundle only (the server bundle is never shipped):
 * - module swaps by file path (./internals.ts): core's prefetch helper, theme-common's React helpers,
 *   and the site config without what only the build reads (./clientConfig.ts);
 * - @docusaurus/utils-common from its own modules, without the whole of tslib (./shims/utils-common.ts);
 * - no Prism in the browser: theme-classic's client module that loads its languages on every page is
 *   left out, and the code block's Content shows the lines highlighted at build time
 *   (./theme/CodeBlock/Content, through getThemePath);
 * - PostCSS gets its plugins from Docusaurus without searching every stylesheet's folders for a
 *   config file.
 * The page template (./ssrTemplate.ts) is a site config field, set in docusaurus.config.ts.
 * A swap that never applied fails the build: Docusaurus moved what it replaces (see UPGRADING.md).
 */
export default function bundleDiet(context: LoadContext): Plugin {
  const fired = new Set<string>();
  return {
    name: 'seerbox-bundle-diet',
    getThemePath: () => path.join(__dirname, 'theme'),
    configurePostCss: (options) => ({...options, config: false}),
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const bundler = utils.currentBundler.instance;
      // From the config Docusaurus generated for this language, after it translated the navbar and
      // footer: the plugin's own `context.siteConfig` is older, and pages would not hydrate.
      const generated = context.generatedFilesDir;
      const clientConfig = path.join(generated, 'seerbox-bundle-diet', 'client-site-config.mjs');
      mkdirSync(path.dirname(clientConfig), {recursive: true});
      writeFileSync(
        clientConfig,
        clientConfigModule(readFileSync(path.join(generated, 'docusaurus.config.mjs'), 'utf8')),
      );
      const requests = new RegExp(SWAPS.map((swap) => swap.request.source).join('|'));
      return {
        resolve: {
          alias: {
            '@docusaurus/utils-common$': path.join(__dirname, 'shims', 'utils-common.ts'),
            [`${prismClientModule}$`]: path.join(__dirname, 'shims', 'empty.js'),
          },
        },
        plugins: [
          new bundler.NormalModuleReplacementPlugin(
            requests,
            (data: {request: string; contextInfo?: {issuer?: string}}) => {
              const swap = swapFor(data.request, data.contextInfo?.issuer);
              if (!swap) return;
              fired.add(swap.name);
              data.request = swap.by ?? clientConfig;
            },
          ),
        ],
      };
    },
    postBuild() {
      const missed = SWAPS.filter((swap) => !swap.ifUsed && !fired.has(swap.name)).map((swap) => swap.name);
      if (missed.length > 0) {
        throw new Error(
          `bundle-diet: ${missed.join(', ')} never applied (Docusaurus moved what it replaces): ` +
            'see src/plugins/bundle-diet/UPGRADING.md, or build with SEERBOX_STOCK=true',
        );
      }
    },
  };
}
