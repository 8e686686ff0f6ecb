import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {tokenCss} from './highlight';

/**
 * What goes in the code blocks' chunk: the theme's block (its own Content, which we replace, and
 * Line, which bundle-diet's CodeBlock/Content/Prism loads on demand, left out), its helpers in
 * theme-common (metadata, line ranges, word wrap) and button icons, our ./Chunk entry, Container,
 * Content (src/plugins/bundle-diet/theme) and line styles. What is not named here would land in Docusaurus's `common` chunk, which
 * every page loads, since most pages show code.
 */
const codeBlockModules = new RegExp(
  [
    String.raw`/theme-classic/lib/theme/CodeBlock/(?!Content/index|Line/)`,
    String.raw`/theme-classic/lib/theme/Icon/(Copy|Success|WordWrap)/`,
    String.raw`/theme-common/lib/utils/codeBlockUtils\.js`,
    String.raw`/parse-numeric-range/`,
    String.raw`/src/plugins/code-blocks/theme/CodeBlock/(Chunk|Buttons/index|wordWrap|Container/index|Line/styles)`,
    String.raw`/src/plugins/bundle-diet/theme/CodeBlock/Content/index`,
  ]
    .join('|')
    .replaceAll('/', String.raw`[\\/]`),
);

/**
 * Code blocks without Prism in the browser. Their lines are highlighted at build time
 * (src/plugins/code-blocks/remark.ts); this plugin adds the token colours' stylesheet (`tokenCss`, from the
 * themes in `themeConfig.prism`) to every page and keeps the code blocks' chunk to the pages that
 * show code. The theme's Content that shows those lines, and leaving out the client module that loads
 * Prism on every page, are replacements of theme internals: src/plugins/bundle-diet.
 */
export default function codeBlocks({generatedFilesDir, siteConfig}: LoadContext): Plugin {
  const prism = siteConfig.themeConfig.prism as {theme: PrismTheme; darkTheme: PrismTheme};
  const css = tokenCss({light: prism.theme, dark: prism.darkTheme});
  const stylesheet = path.join(generatedFilesDir, 'seerbox-code-blocks', 'tokens.css');
  mkdirSync(path.dirname(stylesheet), {recursive: true});
  writeFileSync(stylesheet, `/* Generated from the Prism themes by src/plugins/code-blocks/index.ts. */\n${css}\n`);
  return {
    name: 'seerbox-code-blocks',
    // The code block's components (./theme/CodeBlock) replace theme-classic's, as a theme plugin's do.
    getThemePath: () => path.join(__dirname, 'theme'),
    getClientModules: () => [stylesheet],
    configureWebpack(_config, isServer) {
      return {
        // Docusaurus puts what more than half the pages import in its `common` chunk, which every
        // page loads: the code blocks' chunk (imported by each page with code) is kept out of it.
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
