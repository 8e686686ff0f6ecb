import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Root from '@theme-original/Root';

/**
 * The app's root: search metadata on every page, around the fault screens' Root (the base-URL
 * banner, src/plugins/fault-screens). Docusaurus sets `docsearch:language` everywhere but
 * `docsearch:version` only on docs pages; the other pages (home, category, search) get the same
 * version name here. Docs pages set it again further down the tree, and the deepest value wins.
 */
export default function RootWrapper({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <Head>
        <meta name="docsearch:version" content="current" />
      </Head>
      <Root>{children}</Root>
    </>
  );
}
