import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Translate from '@docusaurus/Translate';
import {PDF_DIR, pdfName, siteRoot} from '../pdfFiles.mjs';

function PdfLink({release, locale, children}: {release: string; locale: string; children: ReactNode}) {
  const {siteConfig, i18n} = useDocusaurusContext();
  const href = `${siteRoot(siteConfig.baseUrl, i18n.currentLocale, i18n.defaultLocale)}${PDF_DIR}/${pdfName(release, locale)}`;
  return (
    // A file of the build, one for both languages, not a page of the router: a plain link.
    // eslint-disable-next-line @docusaurus/no-html-links
    <a href={href} download hrefLang={locale} type="application/pdf">
      {children}
    </a>
  );
}

/** The PDF manual of each language the site is built in, of the documented release (from package.json). */
export default function Downloads(): ReactNode {
  const {siteConfig, i18n} = useDocusaurusContext();
  const release = String(siteConfig.customFields?.docsVersion ?? '');
  // Static Translate ids, as the string extractor needs.
  const labels: Record<string, ReactNode> = {
    en: (
      <Translate id="sbx.downloads.pdfEnglish" values={{release}} description="Link to the English PDF manual">
        {'Seer Box {release} manual, English (PDF)'}
      </Translate>
    ),
    it: (
      <Translate id="sbx.downloads.pdfItalian" values={{release}} description="Link to the Italian PDF manual">
        {'Seer Box {release} manual, Italian (PDF)'}
      </Translate>
    ),
  };
  return (
    <ul>
      {i18n.locales.map((locale) => (
        <li key={locale}>
          <PdfLink release={release} locale={locale}>
            {labels[locale]}
          </PdfLink>
          : <code>{pdfName(release, locale)}</code>
        </li>
      ))}
    </ul>
  );
}
