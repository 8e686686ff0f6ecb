const NAMED: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

/**
 * The text of a block's highlighted lines (./staticHighlight.ts): tags removed and the character
 * references hast-util-to-html writes decoded. src/plugins/code-blocks/remark.ts leaves a block's plain
 * text out of the page's code when this gives it back, and the block (src/plugins/code-blocks/theme/CodeBlock/Chunk)
 * rebuilds it from the lines: the page's JavaScript carries the code once, not twice.
 */
export function codeText(lines: readonly string[]): string {
  return lines
    .map((line) =>
      line
        .replace(/<[^>]*>/g, '')
        .replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (match, hex?: string, decimal?: string, name?: string) => {
          if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
          if (decimal) return String.fromCodePoint(Number(decimal));
          return NAMED[name!.toLowerCase()] ?? match;
        }),
    )
    .join('\n');
}

/**
 * A block's code as MDX would have passed it (ending with a newline, or empty), from its
 * `highlighted` prop (src/plugins/code-blocks/remark.ts: JSON with its lines).
 */
export function codeOfHighlighted(highlighted: string): string {
  const text = codeText((JSON.parse(highlighted) as {lines: string[]}).lines);
  return text && `${text}\n`;
}
