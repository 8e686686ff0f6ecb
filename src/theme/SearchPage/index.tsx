import React, {type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import LocalizedSearchLabel from '@site/src/components/LocalizedSearchLabel';

/** The search page (`/search`, `/it/search`), with its input's accessible name in the page's language. */
export default function SearchPageWrapper(): ReactNode {
  return (
    <LocalizedSearchLabel>
      <SearchPage />
    </LocalizedSearchLabel>
  );
}
