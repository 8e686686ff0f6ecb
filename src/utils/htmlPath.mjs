/**
 * Returns the bare path for a path that ends in `.html` or `/index.html`,
 * or `null` when the path needs no change. Shared by the browser (client
 * module) and the test server (scripts/serve.mjs), so both apply one rule.
 *
 *   /main/architecture.html        -> /main/architecture
 *   /main/architecture/index.html  -> /main/architecture
 *   /index.html                    -> /
 *   /it/index.html                 -> /it
 *
 * @param {string} pathname
 * @returns {string | null}
 */
export function bareHtmlPath(pathname) {
  if (/\/index\.html$/i.test(pathname)) {
    return pathname.replace(/\/index\.html$/i, '') || '/';
  }
  if (/\.html$/i.test(pathname)) {
    return pathname.replace(/\.html$/i, '') || '/';
  }
  return null;
}
