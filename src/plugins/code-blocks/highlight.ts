import {createRequire} from 'node:module';
import {Prism, normalizeTokens, type PrismTheme, type Token} from 'prism-react-renderer';
import {toHtml} from 'hast-util-to-html';
import type {ElementContent} from 'hast';

/**
 * Code highlighted at build time, so the browser neither downloads Prism nor builds a React
 * element per token: Prism's tokens as prism-react-renderer splits them into lines, each token
 * a <span> whose classes give its colours in both modes (see `tokenCss`), each line one HTML
 * string. src/plugins/bundle-diet/theme/CodeBlock/Content shows them; src/plugins/code-blocks/remark.ts computes them.
 */

export interface Themes {
  light: PrismTheme;
  dark: PrismTheme;
}

type Style = Record<string, string | number | undefined>;
type Dictionary = Record<string, Style>;

const require = createRequire(import.meta.url);

/** Prism's extra languages (`prism.additionalLanguages`), registered as the theme does in the browser. */
export function registerLanguages(languages: readonly string[]): void {
  const before = (globalThis as {Prism?: unknown}).Prism;
  (globalThis as {Prism?: unknown}).Prism = Prism;
  try {
    for (const language of languages) {
      if (Prism.languages[language]) continue;
      const id = require.resolve(`prismjs/components/prism-${language}`);
      // A copy cached by another loader registered itself on another Prism.
      delete require.cache[id];
      require(id);
      if (!Prism.languages[language]) throw new Error(`Prism has no grammar for "${language}"`);
    }
  } finally {
    (globalThis as {Prism?: unknown}).Prism = before;
  }
}

/** A theme's style per token type for one language, as prism-react-renderer's `themeToDict`. */
function dictionary(theme: PrismTheme, language: string): Dictionary {
  const dict: Dictionary = {};
  for (const {types, style, languages} of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dict[type] = {...dict[type], ...(style as Style)};
  }
  return dict;
}

/** A style as CSS declarations (`font-style:italic`). */
const declarationsOf = (style: Style): string[] =>
  Object.entries(style)
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`);

/** Every declaration a theme can give a token, numbered in order: declaration `i` is class `${prefix}${i}`. */
const declarations = (theme: PrismTheme): string[] => [
  ...new Set(theme.styles.flatMap(({style}) => declarationsOf(style as Style))),
];

const modes = [
  {key: 'light', prefix: 'hl-l', scope: ":root:not([data-theme='dark'])"},
  {key: 'dark', prefix: 'hl-d', scope: "[data-theme='dark']"},
] as const;

/**
 * The stylesheet behind the token classes: each mode's colours apply in that mode only. And the
 * block's own colours per mode, which the theme sets inline from React (so it re-renders every
 * block once the mode is known): as CSS, blocks keep their first render (src/plugins/code-blocks/theme/CodeBlock).
 */
export function tokenCss(themes: Themes): string {
  const plain = ({color, backgroundColor}: PrismTheme['plain']) =>
    `{--prism-color:${color};--prism-background-color:${backgroundColor}}`;
  return [
    `:root${plain(themes.light.plain)}`,
    `:root[data-theme='dark']${plain(themes.dark.plain)}`,
    '.prism-code{color:var(--prism-color)}',
    ...modes.flatMap(({key, prefix, scope}) =>
      declarations(themes[key]).map((declaration, i) => `${scope} .${prefix}${i}{${declaration}}`),
    ),
  ].join('\n');
}

export interface Highlighter {
  /** One HTML string per line of `code`, coloured with the grammar of `language` (plain text without one). */
  lines(code: string, language: string): string[];
}

export function createHighlighter(themes: Themes, additionalLanguages: readonly string[] = []): Highlighter {
  registerLanguages(additionalLanguages);
  const numbers = modes.map(({key}) => new Map(declarations(themes[key]).map((d, i) => [d, i])));
  const dictionaries = new Map<string, Dictionary[]>();

  /** The token's classes: its resolved style in each mode (the last of its nested types wins, as stock). */
  const classesOf = (token: Token, language: string): string[] => {
    if (token.types.length === 1 && token.types[0] === 'plain') return [];
    if (!dictionaries.has(language))
      dictionaries.set(
        language,
        modes.map(({key}) => dictionary(themes[key], language)),
      );
    return modes.flatMap(({prefix}, m) => {
      const style: Style = Object.assign({}, ...token.types.map((type) => dictionaries.get(language)![m][type]));
      return declarationsOf(style).map((declaration) => `${prefix}${numbers[m].get(declaration)}`);
    });
  };

  return {
    lines(code, language) {
      const grammar = Prism.languages[language];
      let tokens: Parameters<typeof normalizeTokens>[0] = [code];
      if (grammar) {
        // As prism-react-renderer's useTokenize, hooks included.
        const env = {code, grammar, language, tokens: [] as typeof tokens};
        Prism.hooks.run('before-tokenize', env);
        env.tokens = Prism.tokenize(env.code, grammar);
        Prism.hooks.run('after-tokenize', env);
        tokens = env.tokens;
      }
      return normalizeTokens(tokens).map((line) => {
        const children: ElementContent[] = line
          // An empty line is one '\n' token: the line's own <br> breaks it (as the theme's Line).
          .filter((token) => token.content !== '' && !(line.length === 1 && token.content === '\n'))
          .map((token) => {
            const className = classesOf(token, language);
            const text = {type: 'text', value: token.content} as const;
            return className.length
              ? {type: 'element', tagName: 'span', properties: {className}, children: [text]}
              : text;
          });
        return toHtml({type: 'root', children});
      });
    },
  };
}
