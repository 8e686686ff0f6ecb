/** Defaults that only stand in for a real deployment's values (docusaurus.config.ts). */
export const PLACEHOLDER_SITE_URL = 'https://docs.seerbox.example';
export const PLACEHOLDER_EDIT_URL_BASE = 'https://github.com/pluribus-one/seer-box-docs/edit/main/';

/**
 * One warning per setting a production build left at its placeholder: canonical, hreflang,
 * sitemap and robots.txt URLs, or "Edit this page" links, would lead nowhere.
 */
export function placeholderWarnings({siteUrl, editUrlBase}: {siteUrl: string; editUrlBase: string}): string[] {
  const warnings: string[] = [];
  if (siteUrl === PLACEHOLDER_SITE_URL) {
    warnings.push(
      `SITE_URL is not set: canonical, hreflang, sitemap and robots.txt URLs point at the placeholder ${PLACEHOLDER_SITE_URL}. Set it to the address readers use (README, "Deploying").`,
    );
  }
  if (editUrlBase === PLACEHOLDER_EDIT_URL_BASE) {
    warnings.push(
      `EDIT_URL_BASE is not set: "Edit this page" links point at the placeholder repository ${PLACEHOLDER_EDIT_URL_BASE}. Set it to your repository's edit URL, or to an empty string to leave the links out.`,
    );
  }
  return warnings;
}
