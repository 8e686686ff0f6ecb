import {useEffect, useRef, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {causeChainText} from '../causeChain';
import styles from './styles.module.css';

type Props = {
  error: Error;
  tryAgain: () => void;
  /** `page`: whole-page crash ("This page crashed"); `content`: inside the layout ("This page crashed."). */
  variant: 'page' | 'content';
};

/**
 * What a reader sees when a page crashes: a heading that takes the focus,
 * a "Try again" button that clears the error and renders again, and the
 * error message with its whole chain of causes.
 */
export default function CrashReport({error, tryAgain, variant}: Props): ReactNode {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [error]);
  const title =
    variant === 'page'
      ? translate({
          id: 'theme.Error.title',
          message: 'This page crashed',
          description: 'Heading of the page shown when the whole page crashed',
        })
      : translate({
          id: 'theme.ErrorPageContent.title',
          message: 'This page crashed.',
          description: 'The title of the fallback page when the page crashed',
        });
  const cause = translate({
    id: 'theme.Error.cause',
    message: 'Cause:',
    description: 'Separator before each cause of an error in the crash report',
  });
  return (
    <div className={styles.crash} role="alert" data-crash-report={variant}>
      {/* eslint-disable-next-line @docusaurus/prefer-docusaurus-heading -- the crash screen avoids theme components (they may be what crashed); an h1 needs no anchor */}
      <h1 className={styles.title} tabIndex={-1} ref={headingRef}>
        {title}
      </h1>
      <p>
        {translate({
          id: 'theme.Error.explanation',
          message: 'Something went wrong while showing this page. Try again; if the problem persists, reload the page.',
          description: 'Explanation under the crash heading',
        })}
      </p>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        {translate({
          id: 'theme.ErrorPageContent.tryAgain',
          message: 'Try again',
          description: 'The label of the button to try again rendering when the React error boundary captures an error',
        })}
      </button>
      <pre className={styles.details} data-crash-details="">
        {causeChainText(error, cause)}
      </pre>
    </div>
  );
}
