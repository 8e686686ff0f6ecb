import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import BaseUrlBanner from '@site/src/plugins/fault-screens/BaseUrlBanner';

/**
 * The app's root: adds our bilingual base-URL banner script to the home page
 * (src/plugins/fault-screens), and search metadata on every page. Docusaurus sets `docsearch:language`
 * everywhere but `docsearch:version` only on docs pages; the other pages
 * (home, category, search) get the same version name here. Docs pages set it
 * again further down the tree, and the deepest value wins.
 */
export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <Head>
        <meta name="docsearch:version" content="current" />
      </Head>
      <BaseUrlBanner />
      {children}
    </>
  );
}
