import type {ComponentProps, ReactNode} from 'react';
import {Highlight, Prism} from 'prism-react-renderer';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import prismIncludeLanguages from '@theme/prism-include-languages';
import Line from '@theme/CodeBlock/Line';

// Prism's extra languages (`prism.additionalLanguages`) are registered when this chunk first loads:
// the theme does it on every page from a client module, which src/plugins/code-blocks/index.ts empties.
prismIncludeLanguages(Prism);

/**
 * A block's lines highlighted in the browser, as the theme's Content does: only for a block whose
 * lines were not highlighted at build time (./index, which keeps the <pre> around them).
 */
export default function PrismLines({codeProps}: {codeProps: ComponentProps<'code'>}): ReactNode {
  const {metadata} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  // Prism's colours are inline, from the mode's theme: the server renders the default mode's, so
  // the lines render again once in the browser (as the theme does for every block).
  const isBrowser = useIsBrowser();
  return (
    <Highlight theme={prismTheme} code={metadata.code} language={metadata.language}>
      {({tokens, getLineProps, getTokenProps}) => (
        <code key={String(isBrowser)} {...codeProps}>
          {tokens.map((line, i) => (
            <Line
              key={i}
              line={line}
              getLineProps={getLineProps}
              getTokenProps={getTokenProps}
              classNames={metadata.lineClassNames[i]}
              showLineNumbers={metadata.lineNumbersStart !== undefined}
            />
          ))}
        </code>
      )}
    </Highlight>
  );
}
