import type {ReactNode} from 'react';
import LastUpdated from '@theme-original/LastUpdated';
import type LastUpdatedType from '@theme/LastUpdated';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof LastUpdatedType>;

/**
 * The stock date carries `itemprop="dateModified"` but nothing around it is an
 * item, which the W3C checker refuses: give it its item, the page itself.
 */
export default function LastUpdatedWrapper(props: Props): ReactNode {
  return (
    <span itemScope itemType="https://schema.org/WebPage">
      <LastUpdated {...props} />
    </span>
  );
}
