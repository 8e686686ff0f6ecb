import type {ReactNode} from 'react';
import clsx from 'clsx';
import LineToken from '@theme/CodeBlock/Line/Token';
import type {Props} from '@theme/CodeBlock/Line';
import styles from './styles.module.css';

// The stock Line (ejected: its root element is the problem) with each line a
// <span> shown as a block instead of a <div>: <code> may hold only phrasing
// content, so the W3C checker refuses <div> there. Tokens, line numbers,
// highlighted lines and the copy button (which copies the source text, not
// the DOM) are unchanged.

/** Replaces a line holding only '\n' by '', so the <br /> below is its only line break (as stock). */
function fixLineBreak(line: Props['line']): Props['line'] {
  const only = line.length === 1 && line[0].content === '\n' ? line[0] : undefined;
  return only ? [{...only, content: ''}] : line;
}

export default function CodeBlockLine({
  line: lineProp,
  classNames,
  showLineNumbers,
  getLineProps,
  getTokenProps,
}: Props): ReactNode {
  const line = fixLineBreak(lineProp);
  const lineProps = getLineProps({
    line,
    className: clsx(classNames, styles.line, showLineNumbers && styles.codeLine),
  });
  const lineTokens = line.map((token, key) => {
    const tokenProps = getTokenProps({token});
    return (
      <LineToken key={key} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </LineToken>
    );
  });
  return (
    <span {...lineProps}>
      {showLineNumbers ? (
        <>
          <span className={styles.codeLineNumber} />
          <span className={styles.codeLineContent}>{lineTokens}</span>
        </>
      ) : (
        lineTokens
      )}
      {/* Keeps an empty line from collapsing (as stock). */}
      <br />
    </span>
  );
}
