/** What only the build reads: the plugins' and presets' options, the page template, Markdown options, static folders. */
const BUILD_ONLY = new Set(['plugins', 'presets', 'themes', 'ssrTemplate', 'markdown', 'staticDirectories']);

/**
 * The site config as the browser gets it, from the module Docusaurus generated
 * (`export default <JSON>;`): without BUILD_ONLY, which Docusaurus would otherwise serialise into
 * the main bundle of every page (1.3 KB of gzip).
 */
export function clientConfigModule(generated: string): string {
  const marker = 'export default ';
  const at = generated.indexOf(marker);
  if (at < 0) throw new Error('bundle diet: the generated docusaurus.config.mjs has no default export');
  const config = JSON.parse(generated.slice(at + marker.length).replace(/;\s*$/, '')) as Record<string, unknown>;
  const client = Object.fromEntries(Object.entries(config).filter(([key]) => !BUILD_ONLY.has(key)));
  return `export default ${JSON.stringify(client, null, 2)};\n`;
}
