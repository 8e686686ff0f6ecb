import {readFileSync} from 'node:fs';

/** A fenced code block of a Markdown page: its language, fence meta, first line number and text. */
export type CodeBlock = {lang: string; meta: string; line: number; code: string};

/**
 * The fenced code blocks of a page, in order (fences of three or more backticks, possibly
 * indented inside tabs). Enough for our pages; a full Markdown parser is not needed to find fences.
 */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,})(\S*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[j]); j += 1) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    blocks.push({lang, meta, line: i + 1, code: `${body.join('\n')}\n`});
    i = j;
  }
  return blocks;
}

/** The block whose fence carries `title="<title>"` on a page; throws if there is not exactly one. */
export function blockByTitle(file: string, title: string): CodeBlock {
  const found = codeBlocks(readFileSync(file, 'utf8')).filter((block) => block.meta.includes(`title="${title}"`));
  if (found.length !== 1) throw new Error(`${file}: expected one code block titled "${title}", found ${found.length}`);
  return found[0];
}

/** Shell code without its comment lines: what must be identical on a page and its translation. */
export const withoutShellComments = (code: string) =>
  code
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
