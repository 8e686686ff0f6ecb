/**
 * Returns the bare path for a path that ends in `.html` or `/index.html`,
 * or `null` when the path needs no change.
 *
 *   /main/architecture.html        -> /main/architecture
 *   /main/architecture/index.html  -> /main/architecture
 *   /index.html                    -> /
 *   /it/index.html                 -> /it
 */
export function bareHtmlPath(pathname: string): string | null {
  if (/\/index\.html$/i.test(pathname)) {
    return pathname.replace(/\/index\.html$/i, '') || '/';
  }
  if (/\.html$/i.test(pathname)) {
    return pathname.replace(/\.html$/i, '') || '/';
  }
  return null;
}
