import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {translate} from '@docusaurus/Translate';
import SearchPage from '@theme-original/SearchPage';
import LocalizedSearchLabel from '@site/src/plugins/search/client/LocalizedSearchLabel';

/**
 * The search page (`/search`, `/it/search`): the theme's page, with its
 * input's accessible name in the page's language and a description of its own.
 */
export default function SearchPageWrapper(): ReactNode {
  return (
    <LocalizedSearchLabel>
      <Head>
        <meta
          name="description"
          content={translate({
            id: 'seerbox.search.description',
            message: 'Search the Seer Box user guide and REST API reference, offline, in English.',
            description: 'The meta description of the search page',
          })}
        />
      </Head>
      <SearchPage />
    </LocalizedSearchLabel>
  );
}
