// The one extractor of fenced code blocks, shared by the sample check and the script tests.

/**
 * @typedef {{lang: string, meta: string, line: number, code: string}} CodeBlock
 * A fenced code block of a Markdown page: its language, fence meta, fence line number and text.
 */

/**
 * The fenced code blocks of a page, in order (fences of three or more backticks, possibly
 * indented inside tabs or list items). Enough for our pages; a full Markdown parser is not
 * needed to find fences.
 * @param {string} markdown
 * @returns {CodeBlock[]}
 */
export function codeBlocks(markdown) {
  /** @type {CodeBlock[]} */
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,})(\S*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[j]); j += 1) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    blocks.push({lang, meta, line: i + 1, code: `${body.join('\n')}\n`});
    i = j;
  }
  return blocks;
}

/**
 * The attributes of a fence's meta string: `title="..." check=skip reason="..."`.
 * @param {string} meta
 * @returns {Record<string, string>}
 */
export function fenceAttributes(meta) {
  /** @type {Record<string, string>} */
  const attributes = {};
  for (const [, key, quoted, bare] of meta.matchAll(/([\w-]+)=(?:"([^"]*)"|(\S+))/g)) {
    attributes[key] = quoted ?? bare;
  }
  return attributes;
}
