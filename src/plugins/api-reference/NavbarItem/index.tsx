import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type {Props as DefaultNavbarItemProps} from '@theme/NavbarItem/DefaultNavbarItem';
import {swaggerHref} from './swaggerHref';

type Props = Omit<DefaultNavbarItemProps, 'href' | 'to'>;

/**
 * Navbar item "API Reference": opens the interactive Swagger UI in a new tab.
 *
 * The Swagger UI is a static page that exists once, under the default
 * locale's base URL (`/swagger/index.html`), so every locale links there
 * rather than to a per-locale copy. The `pathname://` protocol tells
 * Docusaurus it is a plain file, not a client-side route.
 */
export default function ApiReferenceNavbarItem(props: Props): ReactNode {
  const {i18n} = useDocusaurusContext();
  const rootBaseUrl = i18n.localeConfigs[i18n.defaultLocale]?.baseUrl ?? '/';
  return (
    <DefaultNavbarItem
      {...props}
      href={`pathname://${swaggerHref(rootBaseUrl)}`}
      target="_blank"
      rel="noopener"
      autoAddBaseUrl={false}
    />
  );
}
