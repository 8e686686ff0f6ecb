/** The ids of one tab and its panel, unique per Tabs group (ids may hold anything but spaces). */
export function tabIds(group: string, value: string): {tab: string; panel: string} {
  const key = value.replace(/\s+/g, '_');
  return {tab: `${group}tab-${key}`, panel: `${group}panel-${key}`};
}
