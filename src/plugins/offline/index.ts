// cspell:locale en,it
import {readdirSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import llmsTxtPlugin from '@signalwire/docusaurus-plugin-llms-txt';
import {manualOrderFile} from '../../utils/buildMeta.mjs';
import {manualOrder, type ManualEntry, type SidebarItem} from './manualOrder';
import {fixIndexLinks, llmsFullTxt, llmsTxt, markdownFile, metaDescription, type LlmsPage} from './llmsTxt';
import rehypeMarkdownExport from './rehypeMarkdownExport';

/** The header of each language's llms.txt (the site's title and tagline are English only). */
export const LLMS_HEADER = {
  en: {
    title: 'Seer Box documentation',
    summary:
      'User guide and REST API reference of Seer Box, the on-premise traffic-analysis and web-protection system by Pluribus One.',
    sections: {main: 'User guide', api: 'REST API reference', other: 'Optional'},
  },
  it: {
    title: 'Documentazione di Seer Box',
    summary:
      'Guida utente e riferimento delle REST API di Seer Box, il sistema on-premise di Pluribus One per analizzare il traffico e proteggere le applicazioni web.',
    sections: {main: 'Guida utente', api: 'Riferimento delle REST API', other: 'Optional'},
  },
} as const;

/** Pages outside the sidebars that llms.txt lists too (paths below the language's root). */
const OTHER_PAGES = ['', 'markdown-page', 'accessibility'];

/**
 * Every page as Markdown next to its HTML, converted from the built HTML by
 * @signalwire/docusaurus-plugin-llms-txt (so the API pages carry their operations as
 * rendered, and no MDX is left); test-only pages and search are left out.
 */
const markdownOptions = {
  onRouteError: 'throw',
  logLevel: 0,
  content: {
    enableMarkdownFiles: true,
    // Written below, in sidebar order, with links relative to the language's root.
    enableLlmsFullTxt: false,
    includePages: true,
    includeGeneratedIndex: true,
    includeVersionedDocs: false,
    excludeRoutes: ['**/search'],
    beforeDefaultRehypePlugins: [rehypeMarkdownExport],
  },
} satisfies Parameters<typeof llmsTxtPlugin>[1];

/**
 * The offline kit's build step, per language:
 * - `<page>.md` next to every page's HTML (the maintained plugin above);
 * - `llms.txt` and `llms-full.txt` at the language's root, in sidebar order (llmstxt.org);
 * - the reading order of the PDF manual in the language's `.seerbox/manual.json` (src/utils/buildMeta.mjs),
 *   which `npm run pdf` reads; the sidebars are known only to the docs plugin.
 */
export default function offlinePlugin(context: LoadContext): Plugin {
  const markdown = llmsTxtPlugin(context, markdownOptions);
  const locale = context.i18n.currentLocale;
  const header = LLMS_HEADER[locale as keyof typeof LLMS_HEADER] ?? LLMS_HEADER.en;
  let entries: ManualEntry[] = [];
  return {
    name: 'seerbox-offline',
    async allContentLoaded({allContent}) {
      const docsContent = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const version = docsContent?.loadedVersions[0];
      if (!version) throw new Error('offline kit: the docs plugin loaded no version');
      const docs = new Map(version.docs.map((doc) => [doc.id, {permalink: doc.permalink, title: doc.title}]));
      entries = manualOrder(version.sidebars as unknown as Record<string, SidebarItem[]>, docs);
    },
    async postBuild(props) {
      await markdown.postBuild?.({...props, content: undefined as void});
      const {outDir, baseUrl} = props;
      // With the build it describes, not in .docusaurus/ (which `docusaurus clear` empties).
      const orderFile = manualOrderFile(outDir);
      await mkdir(path.dirname(orderFile), {recursive: true});
      await writeFile(orderFile, `${JSON.stringify({baseUrl, locale, entries}, null, 2)}\n`);
      const relative = (permalink: string) => permalink.slice(baseUrl.length);
      const page = async (route: string, title: string | undefined, section: LlmsPage['section']) => {
        const file = markdownFile(route);
        const htmlFile = path.join(outDir, route.replace(/\/$/, ''), 'index.html');
        const [md, html] = await Promise.all([readFile(path.join(outDir, file), 'utf8'), readFile(htmlFile, 'utf8')]);
        const heading = /^# (.+)$/m.exec(md)?.[1];
        // The home page's title sits in its banner, outside the content the converter takes.
        const pageTitle = title ?? heading ?? header.title;
        const markdownText = heading ? md : `# ${pageTitle}\n\n${md}`;
        if (markdownText !== md) await writeFile(path.join(outDir, file), markdownText);
        return {
          file,
          title: pageTitle,
          description: metaDescription(html),
          section,
          markdown: markdownText,
        } satisfies LlmsPage;
      };
      // The converter writes a link to an index page (`/main/how-to/protection/`) as `.../protection/.md`.
      await Promise.all(
        readdirSync(outDir, {recursive: true, encoding: 'utf8'})
          .filter((name) => name.endsWith('.md'))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const text = await readFile(file, 'utf8');
            const fixed = fixIndexLinks(text);
            if (fixed !== text) await writeFile(file, fixed);
          }),
      );
      const pages = await Promise.all([
        ...entries.map((entry) =>
          page(relative(entry.permalink), entry.title, entry.sidebar === 'api' ? 'api' : 'main'),
        ),
        ...OTHER_PAGES.map((route) => page(route, undefined, 'other')),
      ]);
      await writeFile(path.join(outDir, 'llms.txt'), llmsTxt(header, pages));
      await writeFile(path.join(outDir, 'llms-full.txt'), llmsFullTxt(header, pages));
    },
  };
}
