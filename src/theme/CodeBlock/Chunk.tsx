import CodeBlock from '@theme-original/CodeBlock';
import type CodeBlockType from '@theme/CodeBlock';
import {loaded} from './loaded';

// The code blocks' chunk, imported by the pages that show code (src/remark/codeBlocks.ts): the
// theme's block (title, buttons, word wrap) and our ./Content, which shows the lines highlighted
// at build time. Prism is not in it (see ./Content/Prism).
loaded.CodeBlock = CodeBlock as typeof CodeBlockType;

export default CodeBlock as typeof CodeBlockType;
