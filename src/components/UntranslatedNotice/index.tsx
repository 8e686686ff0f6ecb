import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import Admonition from '@theme/Admonition';

/**
 * Shown above a docs page that has no translation in the current locale, so
 * the reader knows why the text that follows is in English.
 */
export default function UntranslatedNotice(): ReactNode {
  return (
    <div className="sbx-untranslated-notice" data-untranslated-notice="">
      <Admonition
        type="info"
        title={
          <Translate
            id="theme.docs.untranslated.title"
            description="Title of the notice shown on a page that has no translation">
            Page not translated yet
          </Translate>
        }>
        <p>
          <Translate
            id="theme.docs.untranslated.body"
            description="Body of the notice shown on a page that has no translation; the text below it is in English">
            This page is not available in this language yet, so its original English text is shown below.
          </Translate>
        </p>
      </Admonition>
    </div>
  );
}
