import type {ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import LocalizedSearchLabel from '@site/src/plugins/search/client/LocalizedSearchLabel';

type Props = WrapperProps<typeof SearchBarType>;

/** The local search box, with its accessible name in the page's language. */
export default function SearchBarWrapper(props: Props): ReactNode {
  return (
    <LocalizedSearchLabel>
      <SearchBar {...props} />
    </LocalizedSearchLabel>
  );
}
