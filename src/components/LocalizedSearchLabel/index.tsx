import React, {useLayoutEffect, useRef, type ReactNode} from 'react';
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
 * The local search theme hard-codes `aria-label="Search"` on its inputs.
 * This wrapper gives every search input inside it the translated label once
 * it is mounted; React never rewrites the attribute afterwards because the
 * theme's value for it never changes.
 */
export default function LocalizedSearchLabel({children}: {children: ReactNode}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const label = searchLabel();
  useLayoutEffect(() => {
    ref.current?.querySelectorAll('input').forEach((input) => {
      if (input.getAttribute('aria-label') !== label) input.setAttribute('aria-label', label);
    });
  });
  return (
    <div ref={ref} style={{display: 'contents'}}>
      {children}
    </div>
  );
}
