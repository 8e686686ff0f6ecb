import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import UntranslatedNotice from '@site/src/components/UntranslatedNotice';
import CopyPageMarkdown from '@site/src/plugins/offline/CopyPageMarkdown';
import {isUntranslated} from '@site/src/components/UntranslatedNotice/isUntranslated';

type Props = WrapperProps<typeof ContentType>;

/** The stock page content, under the "Copy page as Markdown" button and, when the page is not translated, a notice. */
export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const {i18n} = useDocusaurusContext();
  const untranslated = isUntranslated({
    source: metadata.source,
    currentLocale: i18n.currentLocale,
    defaultLocale: i18n.defaultLocale,
  });
  if (!untranslated)
    return (
      <>
        <CopyPageMarkdown />
        <Content {...props} />
      </>
    );
  // The fallback text is English: say so, for screen readers and translators' tools.
  return (
    <>
      <CopyPageMarkdown />
      <UntranslatedNotice />
      <div lang="en">
        <Content {...props} />
      </div>
    </>
  );
}
