import type {ReactNode} from 'react';
import type {Props} from '@theme/Error';
import CrashReport from '../../CrashReport';

/** In-layout crash content (navbar and footer stay): bilingual, with the translated cause chain. */
export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  return (
    <main className="container">
      <CrashReport error={error} tryAgain={tryAgain} variant="content" />
    </main>
  );
}
