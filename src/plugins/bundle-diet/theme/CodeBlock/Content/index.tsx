import {lazy, Suspense, useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import type {Highlighted} from '@site/src/plugins/code-blocks/remark';
import {HighlightedContext} from '@site/src/plugins/code-blocks/theme/CodeBlock/loaded';
// The theme's own stylesheet, so a fallback block (./Prism) shares its classes.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import lineStyles from '@site/src/plugins/code-blocks/theme/CodeBlock/Line/styles.module.css';

// Lines highlighted in the browser, with Prism: only for blocks without build-time lines. Its chunk
// is fetched when such a block renders (the server waits for it, the browser hydrates the lines once
// it came; the <pre> around them, which the word-wrap button measures, is there from the start).
const PrismLines = lazy(() => import('./Prism'));

type Metadata = ReturnType<typeof useCodeBlockContext>['metadata'];

/**
 * The block's code as HTML: the lines highlighted at build time (src/plugins/code-blocks/remark.ts), each in
 * a line <span> as the theme's Line makes it (classes from the metastring's line ranges, line
 * numbers). Undefined when those lines are not this block's: a magic comment removed lines, or no
 * build-time lines at all (a block written in JSX).
 */
function staticHtml(highlighted: string | undefined, metadata: Metadata): string | undefined {
  if (!highlighted) return undefined;
  const {language, lines} = JSON.parse(highlighted) as Highlighted;
  const unchanged = metadata.code === metadata.codeInput.replace(/\r?\n$/, '');
  if (language !== metadata.language || !unchanged || lines.length !== metadata.code.split(/\r\n|\r|\n/).length) {
    return undefined;
  }
  const numbered = metadata.lineNumbersStart !== undefined;
  return lines
    .map((line, i) => {
      const className = clsx(
        'token-line',
        metadata.lineClassNames[i],
        lineStyles.line,
        numbered && lineStyles.codeLine,
      );
      const content = numbered
        ? `<span class="${lineStyles.codeLineNumber}"></span><span class="${lineStyles.codeLineContent}">${line}</span>`
        : line;
      return `<span class="${className}">${content}<br></span>`;
    })
    .join('');
}

/**
 * The theme's Content, with one element for the whole code rather than one per token: the browser
 * parses the HTML the build made instead of React creating and hydrating hundreds of spans. Markup
 * and classes as the theme's.
 */
export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {codeBlockRef} = wordWrap;
  const html = staticHtml(useContext(HighlightedContext), metadata);
  const {lineNumbersStart} = metadata;
  const codeProps = {
    className: clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering),
    style: lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`},
  };
  return (
    <pre
      ref={codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region (as stock)
      tabIndex={0}
      // Colours from the mode's CSS variables (src/plugins/code-blocks/index.ts), not inline as the theme's.
      className={clsx(className, 'prism-code', `language-${metadata.language}`, styles.codeBlock, 'thin-scrollbar')}>
      {html === undefined ? (
        <Suspense fallback={<code {...codeProps}>{metadata.code}</code>}>
          <PrismLines codeProps={codeProps} />
        </Suspense>
      ) : (
        // Built from Prism's tokens by hast-util-to-html, which escapes the code's text.
        <code {...codeProps} dangerouslySetInnerHTML={{__html: html}} />
      )}
    </pre>
  );
}
