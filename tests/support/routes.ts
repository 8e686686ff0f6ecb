import routeTable from '../fixtures/routes.json' with {type: 'json'};

/** The route table every suite shares (tests/fixtures/routes.json, the spec's public contract). */
export type RouteEntry = {path: string; kind: 'page' | 'doc' | 'category' | 'static'; sidebar: 'main' | 'api' | null};

export const routes = routeTable.routes as RouteEntry[];
export const siteRoutes = routes.filter((route) => route.kind !== 'static');
export const italianPrefix = routeTable.locales.italianPrefix;
export const notFoundProbe = routeTable.notFoundProbe;
export const locales = routeTable.locales.all as Array<'en' | 'it'>;

/** The path of a route in a locale: `/main/x` in English, `/it/main/x` in Italian. */
export function localePath(path: string, locale: 'en' | 'it'): string {
  if (locale === 'en') return path;
  return path === '/' ? `${italianPrefix}/` : `${italianPrefix}${path}`;
}

/** The language of a path, the inverse of localePath: each language is a single-page app of its own. */
export function localeOfPath(path: string): 'en' | 'it' {
  return path === italianPrefix || path.startsWith(`${italianPrefix}/`) ? 'it' : 'en';
}

/** Which sidebar a page shows, from the paths its sidebar links to. */
export function sidebarFromLinks(hrefs: string[]): 'main' | 'api' {
  const hasMain = hrefs.some((href) => /\/main\/architecture$/.test(href));
  const hasApi = hrefs.some((href) => /\/api\/license$/.test(href));
  if (hasMain && !hasApi) return 'main';
  if (hasApi && !hasMain) return 'api';
  throw new Error(`ambiguous sidebar: ${hrefs.join(', ')}`);
}
