/**
 * Stands in for the search theme's generated settings in the search bar and
 * the search page: the same settings, with a `Mark` that loads mark.js only
 * when a page actually has words to highlight, instead of on every page.
 */
// @ts-expect-error -- a Docusaurus bundler alias, with no type declarations.
export * from '@generated/@easyops-cn/docusaurus-search-local/default/generated.js';
export {default as Mark} from './lazyMark.ts';
