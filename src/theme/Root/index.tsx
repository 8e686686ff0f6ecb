import type {ReactNode} from 'react';
import BaseUrlBanner from '@site/src/components/BaseUrlBanner';

/** The app's root: adds our bilingual base-URL banner script to the home page. */
export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <BaseUrlBanner />
      {children}
    </>
  );
}
