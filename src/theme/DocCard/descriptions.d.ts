// The docs' descriptions by doc id, written by src/plugins/docs.ts for each locale's build.
declare module '@generated/docusaurus-plugin-content-docs/default/descriptions.json' {
  const descriptions: Record<string, string | undefined>;
  export default descriptions;
}
