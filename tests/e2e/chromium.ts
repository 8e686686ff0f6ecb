/** Debian's Chromium and its offline flags, shared with the benchmark and Lighthouse scripts. */
export {chromiumArgs, chromiumExecutable} from '../../scripts/lib/chromium.mjs';
