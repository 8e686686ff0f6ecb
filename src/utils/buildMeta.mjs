import path from 'node:path';

/**
 * The folder of the build that holds what the steps after it read (the PDF manual's reading order,
 * the nginx include of CSP hashes). It is hidden: nginx and `npm run serve` never serve dot-files,
 * and the offline bundle leaves it out. It lives and dies with the build it describes (`docusaurus
 * build` empties the output folder; `docusaurus clear` leaves it alone).
 */
export const BUILD_META_DIR = '.seerbox';

/**
 * The reading order of one language's PDF manual, in that language's build folder.
 * @param {string} localeOutDir `build/` for English, `build/it/` for Italian
 */
export const manualOrderFile = (localeOutDir) => path.join(localeOutDir, BUILD_META_DIR, 'manual.json');

/**
 * The nginx include of the inline scripts' hashes (scripts/csp-hashes.mjs), in the build's root.
 * @param {string} outDir
 */
export const cspHashesFile = (outDir) => path.join(outDir, BUILD_META_DIR, 'csp-hashes.conf');
