// A real dynamic import() for the remark plugins, which Docusaurus loads through jiti (jiti rewrites
// import() in the files it transpiles into require(), and ESM-only packages cannot be required).
module.exports = (/** @type {string} */ specifier) => import(specifier);
