import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import type {LoadingComponentProps as Props} from 'react-loadable';
import {loadingState} from '../../loadingState';
import styles from './styles.module.css';

/**
 * Shown while a page's code loads: nothing for the first 200 ms (react-loadable's
 * `pastDelay`), then a spinner; if loading fails, the error and a "Retry" button.
 */
export default function Loading({error, retry, pastDelay}: Props): ReactNode {
  const state = loadingState({error, pastDelay});
  if (state === 'hidden') return null;
  if (state === 'error') {
    return (
      <div className={styles.error} role="alert" data-loading="error">
        <p className={styles.errorTitle}>
          {translate({
            id: 'theme.Loading.error',
            message: 'This page could not be loaded.',
            description: 'Shown when the code of a page failed to load',
          })}
        </p>
        <p className={styles.errorText}>{String(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          {translate({
            id: 'theme.Loading.retry',
            message: 'Retry',
            description: 'Button that tries again to load a page whose code failed to load',
          })}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.wrapper} role="status" data-loading="spinner">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>
        {translate({
          id: 'theme.Loading.label',
          message: 'Loading…',
          description: 'Accessible label of the loading spinner',
        })}
      </span>
    </div>
  );
}
