/** Search settings shared by docusaurus.config.ts and the slimmed search-bar modules. */
export const searchResultLimits = 8;
