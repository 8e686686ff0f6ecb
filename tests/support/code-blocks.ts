import {readFileSync} from 'node:fs';
import {codeBlocks, type CodeBlock} from '../../scripts/lib/code-blocks.mjs';

export {codeBlocks, type CodeBlock};

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
