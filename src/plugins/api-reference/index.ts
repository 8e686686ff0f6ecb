/**
 * The REST API reference, as one Docusaurus plugin and the Markdown plugins it hands to the docs:
 *
 * - definition.mjs: api/openapi.yaml read and resolved, its operations listed, schemas flattened;
 * - remarkOperations.mjs (with examples.mjs): the `::operation{id="..."}` directive rendered as
 *   Markdown, in the page's language (labels.mjs, i18n/<locale>/seerbox-api-reference/labels.json);
 * - rehypeColumns.ts: each rendered operation grouped into a main and an examples column, and the
 *   places where the code in its tables may wrap;
 * - styles.css: the pages' styles (badges, tables, the two columns), loaded by the plugin below;
 * - check.mjs: what `npm run check:api` checks;
 * - swagger.ts and the plugin below: the interactive Swagger UI page's files and its <base href>.
 *
 * The remark and rehype plugins are registered on the docs plugin (docusaurus.config.ts), because
 * they transform the docs' own Markdown; this plugin does the rest from its own lifecycle.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {ENGLISH_LABELS, LABELS_FILE, PLUGIN_NAME} from './labels.mjs';
import {addBaseHref, copySwaggerFiles, swaggerFiles} from './swagger';
import {API_DEFINITION} from '../../utils/sitePaths.mjs';

export {default as remarkApiOperations} from './remarkOperations.mjs';
export {default as rehypeApiColumns} from './rehypeColumns';

/**
 * Where the plugin writes the Swagger page's library files and definition, below the site
 * folder, for the site config to list in `staticDirectories`: Docusaurus then serves them in
 * `docusaurus start` and copies them into every locale's build, as it does with static/, without
 * them ever being written into static/ (or committed). Inside the generated-files folder, which
 * `docusaurus clear` empties.
 */
export const SWAGGER_STATIC_DIR = path.join('.docusaurus', PLUGIN_NAME, 'static');

/** Where the old `copy-swagger` script wrote them: a copy left there would shadow the fresh one. */
const LEGACY_COPIES = [path.join('static', 'swagger', 'vendor'), path.join('static', 'swagger', 'openapi.yaml')];

export type ApiReferenceOptions = {
  /** The API definition, relative to the site folder (default: api/openapi.yaml). */
  specPath?: string;
};

/** The plugin's options as the config gives them (Docusaurus passes them untyped). */
export function readOptions(options: unknown): Required<ApiReferenceOptions> {
  const specPath = (options as ApiReferenceOptions | undefined)?.specPath ?? API_DEFINITION;
  if (typeof specPath !== 'string') throw new Error(`${PLUGIN_NAME}: specPath must be a path, got ${typeof specPath}`);
  return {specPath};
}

export default function apiReferencePlugin(context: LoadContext, options: unknown): Plugin {
  const {siteDir, siteConfig} = context;
  const {specPath} = readOptions(options);
  const staticDir = path.resolve(siteDir, SWAGGER_STATIC_DIR);
  // What loadContent copied, for postBuild to find in the build. Kept here rather than as the
  // plugin's content: a typed content would not fit the config's `plugins` list (Plugin<unknown>).
  let copied: string[] = [];
  return {
    name: PLUGIN_NAME,

    // Docusaurus reloads the content when the definition changes in `docusaurus start`: the
    // Swagger page then shows the edited one.
    getPathsToWatch: () => [path.resolve(siteDir, specPath)],

    getClientModules: () => [path.join(__dirname, 'styles.css')],

    async loadContent() {
      if (!siteConfig.staticDirectories.some((dir) => path.resolve(siteDir, dir) === staticDir)) {
        throw new Error(`${PLUGIN_NAME}: add "${SWAGGER_STATIC_DIR}" to staticDirectories in docusaurus.config.ts`);
      }
      const legacy = LEGACY_COPIES.filter((file) => existsSync(path.join(siteDir, file)));
      if (legacy.length) {
        throw new Error(
          `${PLUGIN_NAME}: delete ${legacy.join(' and ')}, left by the old copy-swagger script (the plugin serves fresh copies)`,
        );
      }
      copied = copySwaggerFiles(swaggerFiles(siteDir, specPath).files, staticDir);
    },

    // The English labels, so that `npm run write-translations -- --locale it` adds new ones to
    // i18n/it/seerbox-api-reference/labels.json like every other string of the site.
    getTranslationFiles: async () => [{path: LABELS_FILE, content: ENGLISH_LABELS}],

    async postBuild({outDir, baseUrl}) {
      // Docusaurus copied the static directories into this locale's build; make sure ours came along.
      if (!copied.length) throw new Error(`${PLUGIN_NAME}: the Swagger UI files were not copied (loadContent)`);
      for (const file of copied) {
        const built = path.join(outDir, path.relative(staticDir, file));
        if (!existsSync(built)) throw new Error(`${PLUGIN_NAME}: ${built} is missing from the build`);
      }
      await addBaseHref(outDir, baseUrl);
    },
  };
}
