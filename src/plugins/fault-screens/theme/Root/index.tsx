import type {ReactNode} from 'react';
import BaseUrlBanner from '../../BaseUrlBanner';

/** The app's root: adds our bilingual base-URL banner script to the home page (../../BaseUrlBanner). */
export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <BaseUrlBanner />
      {children}
    </>
  );
}
