/** One page as llms.txt and llms-full.txt list it. */
export type LlmsPage = {
  /** The Markdown file, relative to the language's root (`main/architecture.md`). */
  file: string;
  title: string;
  description: string;
  section: 'main' | 'api' | 'other';
  markdown: string;
};

export type LlmsHeader = {
  title: string;
  summary: string;
  sections: Record<LlmsPage['section'], string>;
};

/** The Markdown file of a route below the language's root: `main/how-to/protection/` -> `main/how-to/protection.md`. */
export function markdownFile(route: string): string {
  const bare = route.replace(/^\/+|\/+$/g, '');
  return bare === '' ? 'index.md' : `${bare}.md`;
}

/** `](/main/how-to/protection/.md#x)` -> `](/main/how-to/protection.md#x)`. */
export function fixIndexLinks(markdown: string): string {
  return markdown.replace(/\]\(([^)\s]*?)\/\.md((?:#[^)\s]*)?(?:\s"[^"]*")?)\)/g, ']($1.md$2)');
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};

/** Decodes the character references an HTML minifier leaves in attribute values. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** The page's `<meta name="description">`, quoted or not (the HTML is minified). */
export function metaDescription(html: string): string {
  const tag = /<meta\b[^>]*\bname=(?:"description"|description)\b[^>]*>/i.exec(html)?.[0] ?? '';
  const value = /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
  return decodeEntities(value?.[1] ?? value?.[2] ?? value?.[3] ?? '').trim();
}

/** Link text and descriptions stay on one line and cannot close the link early. */
const inline = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/([[\]])/g, '\\$1')
    .trim();

/**
 * llms.txt (llmstxt.org): the title, a one-line summary, then one section per book with a link
 * to every page's Markdown and its description. Links are relative to the file, so they work
 * in each language's folder, under any base URL and in the download bundle.
 */
export function llmsTxt(header: LlmsHeader, pages: readonly LlmsPage[]): string {
  const lines = [`# ${header.title}`, '', `> ${header.summary}`];
  for (const section of ['main', 'api', 'other'] as const) {
    const inSection = pages.filter((page) => page.section === section);
    if (inSection.length === 0) continue;
    lines.push('', `## ${header.sections[section]}`, '');
    for (const page of inSection) {
      const description = page.description ? `: ${inline(page.description)}` : '';
      lines.push(`- [${inline(page.title)}](${page.file})${description}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** llms-full.txt: the index above, then every page's Markdown in the same order. */
export function llmsFullTxt(header: LlmsHeader, pages: readonly LlmsPage[]): string {
  const bodies = pages.map((page) => `---\n\n${page.markdown.trim()}\n`);
  return [llmsTxt(header, pages), ...bodies].join('\n');
}
