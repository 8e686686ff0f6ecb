/**
 * "Did you mean": the existing route closest to a path that does not exist. Pure, so the unit
 * tests can give it misspelled routes; the route list comes from the build (notFoundRoutes plugin).
 */

/** The route list the not-found page reads (written per language by src/plugins/notFoundRoutes.ts). */
export const ROUTES_FILE = 'not-found-routes.json';

/** A path reduced to what a reader gets wrong: case, `_`/`-`/spaces, `.html`, slashes at the ends. */
export function normalise(path: string): string {
  return decodeURIComponentSafe(path)
    .toLowerCase()
    .replace(/(?:\/index)?\.html?$/, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '');
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Edit distance (insertions, deletions, substitutions), one row at a time. */
export function distance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The best route for `missing` among `routes` (both relative to the same base and locale), or
 * null when nothing is close: the same path once normalised, else a typo (a few characters off),
 * else a page that moved (the same last segment under another section).
 */
export function suggest(missing: string, routes: readonly string[]): string | null {
  const wanted = normalise(missing);
  if (wanted === '') return null;
  let best: {route: string; score: number} | null = null;
  for (const route of routes) {
    const candidate = normalise(route);
    if (candidate === '') continue;
    let score = distance(wanted, candidate);
    if (score > Math.max(2, Math.floor(wanted.length / 5))) {
      // Moved: the page's own name matches, whatever the sections above it.
      score = lastSegment(wanted) === lastSegment(candidate) && lastSegment(wanted).length > 3 ? 100 : Infinity;
    }
    if (score !== Infinity && (!best || score < best.score)) best = {route, score};
  }
  return best?.route ?? null;
}

/** The words of a path, for the search box: `/main/instal-docker` → `main instal docker`. */
export function searchWords(path: string): string {
  return normalise(path)
    .split(/[/-]+/)
    .filter((word) => word.length > 1 && !/^(it|en)$/.test(word))
    .join(' ');
}
