import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';

// The stock code block and Prism are a chunk of their own, fetched only by pages that show code.
// The server renders each block in full; in the browser the page hydrates without waiting for
// that chunk, and each block is hydrated, in its own task, once the chunk has arrived.
const Highlighted = lazy(() => import('./Highlighted'));

/** On a client-side navigation, until the chunk arrives: the same code, not yet coloured. */
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
  return (
    <Suspense fallback={<Plain {...props} />}>
      <Highlighted {...props} />
    </Suspense>
  );
}
