import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import {bannerScript} from '../bannerScript';

/**
 * Our replacement for the core's base-URL banner (switched off with
 * `baseUrlIssueBanner: false`): the same inline-script technique, only in the
 * home page's static HTML, in the page's language.
 */
export default function BaseUrlBanner(): ReactNode {
  const {siteConfig, i18n} = useDocusaurusContext();
  const {pathname} = useLocation();
  // Only in the server-rendered HTML of the home page: never rendered by React in the browser.
  if (ExecutionEnvironment.canUseDOM || pathname !== siteConfig.baseUrl) return null;
  const script = bannerScript(siteConfig.baseUrl, {
    lang: i18n.localeConfigs[i18n.currentLocale]?.htmlLang ?? i18n.currentLocale,
    title: translate({
      id: 'theme.BaseUrlBanner.title',
      message: 'Your site did not load properly.',
      description: 'Title of the banner shown when the site is served at a wrong base URL',
    }),
    reason: translate({
      id: 'theme.BaseUrlBanner.reason',
      message:
        'Its scripts and styles could not be found: the most common reason is a base URL that does not match the path the site is served from.',
      description: 'Reason given in the wrong base URL banner',
    }),
    configured: translate({
      id: 'theme.BaseUrlBanner.configured',
      message: 'Configured base URL:',
      description: 'Label before the configured base URL',
    }),
    suggested: translate({
      id: 'theme.BaseUrlBanner.suggested',
      message: 'Suggested base URL:',
      description: 'Label before the suggested base URL',
    }),
  });
  return (
    <Head>
      <script>{script}</script>
    </Head>
  );
}
