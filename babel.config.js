// Used only when Docusaurus Faster is switched off (DOCUSAURUS_FASTER=false).
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};
