// The browser's copy of @docusaurus/utils-common: the package's CommonJS index pulls in the
// whole of tslib (about 4 KB of gzip on every page) for one interop helper. The theme uses
// these exports in the browser; the modules behind them have no dependencies.
export {
  default as applyTrailingSlash,
  addTrailingSlash,
  addLeadingSlash,
  removeTrailingSlash,
} from '@docusaurus/utils-common/lib/applyTrailingSlash.js';
export {addPrefix, removeSuffix, addSuffix, removePrefix} from '@docusaurus/utils-common/lib/stringUtils.js';
export {getErrorCausalChain} from '@docusaurus/utils-common/lib/errorUtils.js';
export const blogPostContainerID = '__blog-post-container';
