import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import {HighlightedContext, loaded} from './loaded';

// The stock code block is a chunk of its own (./Chunk), part of the pages that show code only:
// src/plugins/code-blocks/remark.ts imports it from each such page, so the page's chunks bring it before
// hydration and the block renders at once. Pages without code never fetch it.
const Lazy = lazy(() => import('./Chunk'));

/** A block outside such a page, until the chunk arrives: the same code, not yet coloured. */
function Plain({children}: Props): ReactNode {
  return (
    // Focusable like every code block: a scrollable region must be reachable by keyboard (as stock).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre tabIndex={0}>
      <code>{children}</code>
    </pre>
  );
}

export default function CodeBlock({highlighted, ...props}: Props & {highlighted?: string}): ReactNode {
  const Loaded = loaded.CodeBlock;
  return (
    // The lines highlighted at build time reach ./Content through the theme's block.
    <HighlightedContext.Provider value={highlighted}>
      {Loaded ? (
        <Loaded {...props} />
      ) : (
        <Suspense fallback={<Plain {...props} />}>
          <Lazy {...props} />
        </Suspense>
      )}
    </HighlightedContext.Provider>
  );
}
