import {visit} from 'unist-util-visit';
import type {Root} from 'mdast';
import {codeText} from './codeText';
import {createHighlighter, type Themes} from './highlight';

/**
 * remark plugin for fenced code blocks. Each is highlighted here, at build time: its lines go to
 * the code block as a `highlighted` prop (JSON: the language and one HTML string per line), which
 * src/plugins/bundle-diet/theme/CodeBlock/Content shows as they are. And a page with code imports the code blocks'
 * chunk (src/plugins/code-blocks/theme/CodeBlock/Chunk: the theme's block without Prism), so it loads with the page,
 * before hydration; pages without code never fetch it. Runs after the plugins that add code (API
 * examples) or remove it (Mermaid diagrams become SVG).
 */
export const CHUNK = '@theme/CodeBlock/Chunk';

export interface Options extends Themes {
  /** `prism.additionalLanguages` */
  additionalLanguages?: string[];
  /** `prism.defaultLanguage`: a block's language when its fence names none (else `text`). */
  defaultLanguage?: string;
}

/** What the Content component receives: the language it was highlighted as, and its lines. */
export interface Highlighted {
  language: string;
  lines: string[];
}

const chunkImport = {
  type: 'mdxjsEsm',
  value: `import ${JSON.stringify(CHUNK)};`,
  data: {
    estree: {
      type: 'Program',
      sourceType: 'module',
      body: [
        {
          type: 'ImportDeclaration',
          specifiers: [],
          attributes: [],
          source: {type: 'Literal', value: CHUNK, raw: JSON.stringify(CHUNK)},
        },
      ],
    },
  },
} as unknown as Root['children'][number];

export default function remarkCodeBlocks({additionalLanguages, defaultLanguage, ...themes}: Options) {
  const highlighter = createHighlighter(themes, additionalLanguages);
  return (tree: Root): void => {
    let found = false;
    visit(tree, 'code', (node) => {
      found = true;
      // As the theme names it (theme-common's getLanguage).
      const language = (node.lang ?? defaultLanguage)?.toLowerCase() ?? 'text';
      const highlighted: Highlighted = {language, lines: highlighter.lines(node.value, language)};
      node.data = {...node.data, hProperties: {...node.data?.hProperties, highlighted: JSON.stringify(highlighted)}};
      // The text once, in its lines, when they give it back exactly (the block rebuilds it).
      if (node.value !== '' && codeText(highlighted.lines) === node.value) node.value = '';
    });
    if (found) tree.children.unshift(structuredClone(chunkImport));
  };
}
