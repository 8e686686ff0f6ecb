import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import {loaded} from './loaded';

// The stock code block and Prism are a chunk of their own (./Highlighted), part of the pages that
// show code only: src/remark/codeBlockChunk.mjs imports it from each such page, so the page's
// chunks bring it before hydration and the block renders at once, as stock. Pages without code
// never fetch it.
const Lazy = lazy(() => import('./Highlighted'));

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

export default function CodeBlock(props: Props): ReactNode {
  const Loaded = loaded.CodeBlock;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<Plain {...props} />}>
      <Lazy {...props} />
    </Suspense>
  );
}
