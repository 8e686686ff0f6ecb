import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

import {ROUTES_FILE} from '../theme/NotFound/Content/suggest';

/** The readable routes of one language, relative to its base URL, without test and search pages. */
export function routeList(routesPaths: readonly string[], baseUrl: string): string[] {
  const routes = routesPaths
    .filter((route) => route.startsWith(baseUrl))
    .map((route) => `/${route.slice(baseUrl.length)}`)
    .filter((route) => !/^\/(?:404\.html|search|__fixtures)(?:\/|$)/.test(route));
  return [...new Set(routes)].sort();
}

/** Writes the list at build time; the 404 page fetches it, so no other page carries it. */
export default function notFoundRoutesPlugin(): Plugin {
  return {
    name: 'seerbox-not-found-routes',
    async postBuild({routesPaths, outDir, baseUrl}) {
      await writeFile(path.join(outDir, ROUTES_FILE), JSON.stringify(routeList(routesPaths, baseUrl)));
    },
  };
}
