import {useLayoutEffect, useRef, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';

/** The accessible name of a search input, in the page's language. */
export function searchLabel(): string {
  return translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
}

/**
 * Brings the markup of the local search theme in line with ARIA 1.2, which
 * its autocomplete widget predates, and with the page's language:
 * - every search input gets the translated name (the theme hard-codes "Search");
 * - a combobox gets `aria-controls` naming the listbox it already `aria-owns`;
 * - links placed inside a listbox ("See all results") get the `option` role,
 *   the only child a listbox may have.
 * The widget rebuilds its dropdown as the reader types, so the fixes are
 * re-applied whenever the subtree changes.
 */
export function fixSearchMarkup(root: ParentNode, label: string): void {
  root.querySelectorAll('input').forEach((input) => {
    if (input.getAttribute('aria-label') !== label) input.setAttribute('aria-label', label);
    const owns = input.getAttribute('aria-owns');
    if (input.getAttribute('role') === 'combobox' && owns && input.getAttribute('aria-controls') !== owns) {
      input.setAttribute('aria-controls', owns);
    }
  });
  root.querySelectorAll('[role="listbox"] a:not([role])').forEach((link) => link.setAttribute('role', 'option'));
}

export default function LocalizedSearchLabel({children}: {children: ReactNode}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const label = searchLabel();
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    fixSearchMarkup(root, label);
    const observer = new MutationObserver(() => fixSearchMarkup(root, label));
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-owns', 'aria-label'],
    });
    return () => observer.disconnect();
  }, [label]);
  return (
    <div ref={ref} style={{display: 'contents'}}>
      {children}
    </div>
  );
}
