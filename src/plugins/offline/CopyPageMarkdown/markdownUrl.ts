/** The Markdown twin of a page: `/main/architecture` and `/main/architecture/` -> `/main/architecture.md`. */
export function markdownUrl(pathname: string): string {
  const bare = pathname.replace(/\/+$/, '');
  return bare === '' ? '/index.md' : `${bare}.md`;
}
