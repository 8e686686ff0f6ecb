import {useCallback, useMemo, useRef, useState} from 'react';
import type {useCodeWordWrap} from '@docusaurus/theme-common/internal';

type WordWrap = ReturnType<typeof useCodeWordWrap>;

/** The word-wrap state the theme's button reads, and `measure`, which ./Buttons calls when a reader reaches the block. */
export type LazyWordWrap = WordWrap & {readonly measure: () => void};

/**
 * The theme's useCodeWordWrap without its work after hydration: upstream measured every block once
 * hydrated (a layout read, then a second render of the block when its code scrolls), again on every
 * resize, and watched the block's tab panel. Here a block is measured when a reader points at it or
 * focuses it (./Buttons), the only moments its wrap button can be seen or reached. Toggling is upstream's.
 */
export function useLazyWordWrap(): LazyWordWrap {
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) {
      code.removeAttribute('style');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // Very long words or tokens wrap too, so that no scrollbar is left (as upstream).
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled(!isEnabled);
  }, [isEnabled]);
  const measure = useCallback(() => {
    const pre = codeBlockRef.current;
    // Once wrapped, a block keeps its button so that it can be unwrapped (as upstream).
    if (pre) setIsCodeScrollable(pre.scrollWidth > pre.clientWidth || !!pre.querySelector('code[style]'));
  }, []);
  return useMemo(
    () => ({codeBlockRef, isEnabled, isCodeScrollable, toggle, measure}),
    [isEnabled, isCodeScrollable, toggle, measure],
  );
}
