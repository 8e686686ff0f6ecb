/** One page of the printed manual, in reading order. */
export type ManualEntry = {
  /** The page's URL path (base URL and locale prefix included). */
  permalink: string;
  title: string;
  /** 0 for a page at the top of its sidebar, 1 inside one category, ... */
  depth: number;
  sidebar: string;
  /** A category's generated index page (a heading and a list of links) or a real page. */
  kind: 'doc' | 'category';
};

/** The sidebars printed, in this order; the page matching `lastPage` goes at the very end. */
export const MANUAL_SIDEBARS = ['main', 'api'] as const;
export const LAST_PAGE = /\/main\/resources\/eula$/;

export type SidebarItem = {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItem[];
  link?: {type: string; id?: string; permalink?: string; title?: string};
};

/**
 * The pages of the given sidebars in sidebar order (a category's own page before its items),
 * with the page matching `last` moved to the end.
 */
export function manualOrder(
  sidebars: Record<string, SidebarItem[]>,
  docs: ReadonlyMap<string, {permalink: string; title: string}>,
  sidebarIds: readonly string[] = MANUAL_SIDEBARS,
  last: RegExp = LAST_PAGE,
): ManualEntry[] {
  const entries: ManualEntry[] = [];
  const docEntry = (id: string, depth: number, sidebar: string): ManualEntry => {
    const doc = docs.get(id);
    if (!doc) throw new Error(`manual order: sidebar "${sidebar}" names a missing doc "${id}"`);
    return {permalink: doc.permalink, title: doc.title, depth, sidebar, kind: 'doc'};
  };
  const walk = (items: SidebarItem[], depth: number, sidebar: string) => {
    for (const item of items) {
      if (item.type === 'doc' && item.id) entries.push(docEntry(item.id, depth, sidebar));
      if (item.type !== 'category') continue;
      if (item.link?.type === 'doc' && item.link.id) entries.push(docEntry(item.link.id, depth, sidebar));
      if (item.link?.type === 'generated-index' && item.link.permalink) {
        const title = item.link.title ?? item.label ?? '';
        entries.push({permalink: item.link.permalink, title, depth, sidebar, kind: 'category'});
      }
      walk(item.items ?? [], depth + 1, sidebar);
    }
  };
  for (const id of sidebarIds) {
    const sidebar = sidebars[id];
    if (!sidebar) throw new Error(`manual order: no sidebar "${id}"`);
    walk(sidebar, 0, id);
  }
  const lastIndex = entries.findIndex((entry) => last.test(entry.permalink));
  if (lastIndex >= 0) entries.push(...entries.splice(lastIndex, 1));
  return entries;
}
