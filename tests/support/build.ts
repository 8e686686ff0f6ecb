import {existsSync} from 'node:fs';
import path from 'node:path';

/** The build the HTML tests read: `build/` unless BUILD_DIR says otherwise. */
export const BUILD = process.env.BUILD_DIR ?? 'build';

/**
 * A build without our replacements of Docusaurus internals (`SEERBOX_STOCK=true`,
 * src/plugins/bundle-diet): the checks of what those replacements do are skipped on it.
 */
export const STOCK = process.env.SEERBOX_STOCK === 'true';

/** The built file a route is served from, as scripts/serve.mjs and nginx resolve it. */
export function builtFile(route: string, dir = BUILD): string {
  const candidates = [path.join(dir, route, 'index.html'), path.join(dir, `${route.replace(/\/$/, '')}.html`)];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`${route}: no built page (${candidates.join(' or ')}); run npm run build first`);
  return found;
}
