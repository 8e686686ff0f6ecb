/**
 * Stands in for the search theme's generated constants inside the search
 * bar only. The original module also loads lunr and its English and Italian
 * stemmers, which only the search worker needs; pulling it into the search
 * bar put ~14 KB of gzip into every page's main bundle.
 */
export {searchResultLimits} from './options.mjs';
