import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {translate} from '@docusaurus/Translate';
import Layout from '@theme/Layout';
import type {Props} from '@theme/Error';
import CrashReport from '../../CrashReport';
// Not a public export, but the layout needs a route context, as in the core's own Error page.
import {RouteContextProvider} from '@docusaurus/core/lib/client/routeContext';

/**
 * Whole-page crash screen (replaces the core's English-only one). It tries to
 * show the crash inside the site's layout; if the layout itself throws, the
 * bare report is shown instead. Error boundaries only run in the browser.
 */
export default function Error({error, tryAgain}: Props): ReactNode {
  const report = <CrashReport error={error} tryAgain={tryAgain} variant="page" />;
  return (
    <RouteContextProvider value={{plugin: {name: 'seerbox-error-page', id: 'default'}}}>
      <ErrorBoundary fallback={() => report}>
        <Head>
          <title>
            {translate({
              id: 'theme.Error.pageTitle',
              message: 'Page Error',
              description: 'Browser title of the crash page',
            })}
          </title>
        </Head>
        <Layout>
          <main className="container">{report}</main>
        </Layout>
      </ErrorBoundary>
    </RouteContextProvider>
  );
}
