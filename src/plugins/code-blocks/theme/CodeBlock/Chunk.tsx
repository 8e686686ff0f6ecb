import {Children, isValidElement, useContext, useMemo, type ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import {CodeBlockContextProvider, createCodeBlockMetadata} from '@docusaurus/theme-common/internal';
import ElementContent from '@theme/CodeBlock/Content/Element';
import Layout from '@theme/CodeBlock/Layout';
import type {Props} from '@theme/CodeBlock';
import type {Props as StringProps} from '@theme/CodeBlock/Content/String';
import {codeOfHighlighted} from '@site/src/plugins/code-blocks/codeText';
import {HighlightedContext, loaded} from './loaded';
import {useLazyWordWrap} from './wordWrap';

/**
 * The theme's Content/String with ./wordWrap in place of its useCodeWordWrap, which measured every
 * block once hydrated and rendered it again, and its metadata (the code's lines parsed for magic
 * comments) worked out once per block rather than at every render.
 */
function StringContent({children: code, className, metastring, language, title, showLineNumbers}: StringProps) {
  const {prism} = useThemeConfig();
  const metadata = useMemo(
    () =>
      createCodeBlockMetadata({
        code,
        className,
        metastring,
        magicComments: prism.magicComments,
        defaultLanguage: prism.defaultLanguage,
        language,
        title,
        showLineNumbers,
      }),
    [code, className, metastring, prism.magicComments, prism.defaultLanguage, language, title, showLineNumbers],
  );
  const wordWrap = useLazyWordWrap();
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <Layout />
    </CodeBlockContextProvider>
  );
}

/**
 * The theme's CodeBlock without its second render after hydration (a `key` that changes once in the
 * browser, which rebuilt every block of the page to apply the mode's inline colours): colours are
 * CSS here (./Container, ./Content), and the blocks Prism colours in the browser re-render on their
 * own (./Content/Prism).
 */
function CodeBlock({children, ...props}: Props): ReactNode {
  const highlighted = useContext(HighlightedContext);
  // A Markdown block's text comes in its highlighted lines only (src/plugins/code-blocks/remark.ts): rebuilt
  // once, not at every render of the block (word wrap, the copy button's state).
  const rebuilt = useMemo(() => (highlighted ? codeOfHighlighted(highlighted) : ''), [highlighted]);
  // As the theme: string children are joined so they can be copied; elements are shown as they are.
  const hasElements = Children.toArray(children).some((child) => isValidElement(child));
  if (hasElements) return <ElementContent {...props}>{children}</ElementContent>;
  const code = Array.isArray(children) ? children.join('') : ((children as string | undefined) ?? '');
  return <StringContent {...props}>{code || rebuilt}</StringContent>;
}

// The code blocks' chunk, imported by the pages that show code (src/plugins/code-blocks/remark.ts): this
// block, the theme's parts (title, buttons), our ./Buttons and ./wordWrap, and our ./Content, which shows the lines
// highlighted at build time. Prism is not in it (see ./Content/Prism).
loaded.CodeBlock = CodeBlock;

export default CodeBlock;
