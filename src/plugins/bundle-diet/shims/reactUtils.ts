// theme-common's React helpers (swapped in by src/plugins/bundle-diet/internals.ts) with one change:
// useShallowMemoObject sorts its keys by code unit instead of localeCompare. Any fixed order
// serves a dependency list, and the first localeCompare of a page started ICU's collator, about
// 30 ms of main thread during hydration with the CPU slowed 4x, on every page.
import {useMemo} from 'react';

// A file path, not the package name: theme-common does not export its utils/ folder.
export * from '../../../../node_modules/@docusaurus/theme-common/lib/utils/reactUtils.js';

export function useShallowMemoObject<O extends object>(obj: O): O {
  const deps = Object.entries(obj);
  deps.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps -- memoised on the values, as upstream
  return useMemo(() => obj, deps.flat());
}
