import pluginContentDocs, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {LoadedContent, PluginOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin, PluginModule, RouteConfig} from '@docusaurus/types';

/** Where the docs' descriptions go, for src/theme/DocCard (under `@generated/`). */
export const DESCRIPTIONS = 'descriptions.json';

type VersionProp = {docs?: Record<string, {description?: string}>};

/**
 * The route with its version data (`props.version`, which every docs page loads), wherever it is
 * among the nested routes, without each doc's description: only the cards of the category pages
 * show them, from their own module.
 */
export function withoutDescriptions(route: RouteConfig): RouteConfig {
  const version = route.props?.version as VersionProp | undefined;
  const stripped = route.routes && {routes: route.routes.map(withoutDescriptions)};
  if (!version?.docs) return stripped ? {...route, ...stripped} : route;
  const docs = Object.fromEntries(
    Object.entries(version.docs).map(([id, doc]) => {
      const {description: _unused, ...rest} = doc;
      return [id, rest];
    }),
  );
  return {...route, ...stripped, props: {...route.props, version: {...version, docs}}};
}

/**
 * The docs plugin, with the description of every doc (3.3 KB of gzip in English) moved out of the
 * version data that every docs page fetches into a module that only the category cards import.
 * Everything else is the plugin's own (the classic preset's copy is off: `docs: false`).
 */
export default async function docs(context: LoadContext, options: unknown): Promise<Plugin> {
  // Validated by the plugin's own `validateOptions` (below) before Docusaurus calls this.
  const plugin = await pluginContentDocs(context, options as PluginOptions);
  const contentLoaded = plugin.contentLoaded!;
  return {
    ...(plugin as Plugin),
    async contentLoaded(args) {
      const {actions} = args;
      const content = args.content as LoadedContent;
      const descriptions = Object.fromEntries(
        content.loadedVersions.flatMap((version) => version.docs).map((doc) => [doc.id, doc.description]),
      );
      await actions.createData(DESCRIPTIONS, JSON.stringify(descriptions));
      await contentLoaded({
        content,
        actions: {...actions, addRoute: (route) => actions.addRoute(withoutDescriptions(route))},
      });
    },
  };
}

docs.validateOptions = validateOptions as unknown as NonNullable<PluginModule['validateOptions']>;
