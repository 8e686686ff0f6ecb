/** The ids of one tab and its panel, unique per Tabs group (ids may hold anything but spaces). */
export function tabIds(group: string, value: string): {tab: string; panel: string} {
  const key = value.replace(/\s+/g, '_');
  return {tab: `${group}tab-${key}`, panel: `${group}panel-${key}`};
}

/** What our Tabs wrapper adds to each TabItem. */
export interface TabItemExtras {
  /** The panel's id and its tab's id. */
  ids?: {tab: string; panel: string};
  /** useIsBrowser's value outside the tabs, which see `false` (see ./index). */
  isBrowser?: boolean;
}
