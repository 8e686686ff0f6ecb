import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {ROUTES_FILE, searchWords, suggest} from './suggest';

/** Where a lost reader can start again (the Translate ids are static, as the string extractor needs). */
const waysIn: {to: string; label: ReactNode}[] = [
  {to: '/main/quickstart', label: <Translate id="seerbox.notFound.quickstart">Quick start</Translate>},
  {to: '/category/installation', label: <Translate id="seerbox.notFound.installation">Installation guides</Translate>},
  {to: '/api/authentication/signin', label: <Translate id="seerbox.notFound.api">REST API reference</Translate>},
  {to: '/', label: <Translate id="seerbox.notFound.home">Home page</Translate>},
];

/**
 * A not-found page that helps: a search box with the missing path's words, the usual ways in,
 * and a "did you mean" link to the closest existing page (route list written at build time, read
 * only here, so no other page carries it).
 */
export default function NotFoundContent({className}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {pathname} = useLocation();
  // The path below this language's base URL, as the route list has it.
  const missing = `/${pathname.slice(siteConfig.baseUrl.length)}`;
  // The words are known only in the browser (the page is pre-rendered once for every missing path).
  const isBrowser = useIsBrowser();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const routesUrl = useBaseUrl(`/${ROUTES_FILE}`);
  const searchUrl = useBaseUrl('/search');

  useEffect(() => {
    const request = new AbortController();
    fetch(routesUrl, {signal: request.signal})
      .then((response) => (response.ok ? (response.json() as Promise<string[]>) : []))
      .then((routes) => setSuggestion(suggest(missing, routes)))
      .catch(() => setSuggestion(null));
    return () => request.abort();
  }, [missing, routesUrl]);

  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.NotFound.title" description="The title of the 404 page">
              Page Not Found
            </Translate>
          </Heading>
          <p>
            <Translate id="seerbox.notFound.intro" description="First paragraph of the 404 page">
              There is no page at this address. It may have moved, or the link may have a typo.
            </Translate>
          </p>
          {suggestion && (
            <p className="alert alert--info" data-testid="not-found-suggestion">
              <Translate
                id="seerbox.notFound.didYouMean"
                description="Link to the closest existing page on the 404 page"
                values={{link: <Link to={suggestion}>{suggestion}</Link>}}>
                {'Did you mean {link}?'}
              </Translate>
            </p>
          )}
          <form action={searchUrl} method="get" role="search" className="margin-vert--md">
            <label htmlFor="not-found-search">
              <Translate id="seerbox.notFound.searchLabel" description="Label of the 404 page's search box">
                Search the documentation
              </Translate>
            </label>
            <div className="not-found-search">
              <input
                key={String(isBrowser)}
                id="not-found-search"
                name="q"
                type="search"
                defaultValue={isBrowser ? searchWords(missing) : ''}
              />
              <button type="submit" className="button button--primary">
                {translate({id: 'seerbox.notFound.searchButton', message: 'Search', description: '404 search button'})}
              </button>
            </div>
          </form>
          <p>
            <Translate id="seerbox.notFound.waysIn" description="Lead-in of the list of links on the 404 page">
              Or start from one of these pages:
            </Translate>
          </p>
          <ul>
            {waysIn.map(({to, label}) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
