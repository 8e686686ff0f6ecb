/**
 * Remark plugin: renders the `::operation{id="listAlerts"}` directives of the
 * API pages from `api/openapi.yaml`, so the written reference and the
 * definition can never disagree.
 *
 * Each directive becomes the same Markdown layout for every operation: a
 * level-2 heading with the operation's name, method and path, description,
 * headers, parameters, request body, status codes, response fields, an
 * example response and a `curl` example. It runs before Docusaurus' own
 * plugins, so the headings get anchors and the code blocks get copy buttons
 * like hand-written ones, and a page ships no extra JavaScript.
 *
 * Pages under `i18n/<locale>/` are rendered in that locale: the layout's
 * labels come from `i18n/<locale>/seerbox-api-reference/labels.json`
 * (labels.mjs) and the definition's descriptions from
 * `i18n/<locale>/openapi.json` (English text → translation).
 *
 * Plain ESM with JSDoc: the docs plugin's MDX loader runs it, and
 * `node scripts/check-api.mjs` imports it without a TypeScript loader.
 */
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import {localeOfFile} from '../../utils/locale.mjs';
import {DEFAULT_LOCALE} from '../../utils/sitePaths.mjs';
import {bodyMedia, exampleFor, loadDefinition, loadTranslations, mediaOf, schemaFields, typeOf} from './definition.mjs';
import {exampleSnippets, isSecured} from './examples.mjs';
import {englishLabels, loadLabels} from './labels.mjs';

/**
 * @typedef {import('./definition.mjs').OperationEntry} OperationEntry
 * @typedef {import('./definition.mjs').Operation} Operation
 * @typedef {import('./definition.mjs').FieldRow} FieldRow
 * @typedef {Record<string, string>} Labels
 * @typedef {(value: string) => string} Translate
 * @typedef {MdNode[]} Cell
 * @typedef {Record<string, string>} Attributes
 */
/**
 * A Markdown or MDX node built here (mdast's own union leaves out MDX's nodes).
 * @typedef {{type: string, children?: MdNode[], value?: string, data?: object, [key: string]: unknown}} MdNode
 */

export const DIRECTIVE = 'operation';
/** Where every operation's token header points: the overview's authentication section. */
export const OVERVIEW_AUTHENTICATION = '/api/overview#authentication';
/** The value column of the Authorization row: code, the same in every language. */
export const BEARER_VALUE = 'Bearer <token>';

// ---------------------------------------------------------------------------
// Markdown (mdast) builders

/** @param {unknown} value @returns {MdNode} */
const text = (value) => ({type: 'text', value: String(value)});
/** @param {unknown} value @returns {MdNode} */
const code = (value) => ({type: 'inlineCode', value: String(value)});
/** @param {MdNode[]} children @returns {MdNode} */
const strong = (children) => ({type: 'strong', children});
/** @param {MdNode[]} children @returns {MdNode} */
const paragraph = (children) => ({type: 'paragraph', children});
/** @param {Cell} children @returns {MdNode} */
const cell = (children) => ({type: 'tableCell', children});
/** @param {Cell[]} cells @returns {MdNode} */
const row = (cells) => ({type: 'tableRow', children: cells.map(cell)});

/**
 * @param {string[]} header
 * @param {Cell[][]} rows
 * @param {Attributes} data
 * @returns {MdNode}
 */
function table(header, rows, data) {
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((label) => [text(label)])), ...rows.map(row)],
    data: {hProperties: data},
  };
}

/**
 * @param {number} depth
 * @param {string} label
 * @param {string} id
 */
function heading(depth, label, id) {
  /** @type {MdNode & {children: MdNode[], data: {hProperties: Attributes}}} */
  const node = {type: 'heading', depth, children: [text(label)], data: {hProperties: {id}}};
  return node;
}

/**
 * @param {string} lang
 * @param {string} value
 * @param {string | null} title
 * @returns {MdNode}
 */
function codeBlock(lang, value, title) {
  return {type: 'code', lang, meta: title ? `title="${title.replace(/"/g, "'")}"` : null, value};
}

/**
 * The `curl` command that calls an operation (the first of its examples).
 * @param {OperationEntry} entry
 */
export function curlExample(entry) {
  const curl = exampleSnippets(entry).find((snippet) => snippet.value === 'curl');
  if (!curl) throw new Error(`${entry.operationId}: no curl example`);
  return curl.code;
}

/** @param {string} name @param {string} value */
const jsxAttribute = (name, value) => ({type: 'mdxJsxAttribute', name, value});

/**
 * The examples in synchronised tabs: Docusaurus Tabs with a groupId, so the
 * reader's language choice is kept across pages (the stock Tabs behaviour).
 * @param {OperationEntry} entry
 * @returns {MdNode}
 */
export function exampleTabs(entry) {
  return {
    type: 'mdxJsxFlowElement',
    name: 'Tabs',
    attributes: [jsxAttribute('groupId', EXAMPLE_TABS_GROUP)],
    children: exampleSnippets(entry).map((snippet) => ({
      type: 'mdxJsxFlowElement',
      name: 'TabItem',
      attributes: [jsxAttribute('value', snippet.value), jsxAttribute('label', snippet.label)],
      children: [codeBlock(snippet.lang, snippet.code, null)],
    })),
  };
}

export const EXAMPLE_TABS_GROUP = 'api-example-language';

/** `import Tabs from '@theme/Tabs'` and TabItem, as the MDX ESM node the compiler expects (estree included). */
export function tabsImportNode() {
  /** @param {string} local @param {string} source */
  const declaration = (local, source) => ({
    type: 'ImportDeclaration',
    specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: local}}],
    source: {type: 'Literal', value: source, raw: `'${source}'`},
  });
  return {
    type: 'mdxjsEsm',
    value: "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';",
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [declaration('Tabs', '@theme/Tabs'), declaration('TabItem', '@theme/TabItem')],
      },
    },
  };
}

/**
 * The coloured method badge of an operation heading, as an inline JSX span so
 * that the table of contents shows it too (Docusaurus keeps its class there).
 * @param {string} method
 * @returns {MdNode}
 */
export function methodBadge(method) {
  return {
    type: 'mdxJsxTextElement',
    name: 'span',
    attributes: [jsxAttribute('className', `api-method api-method--${method}`)],
    children: [text(method.toUpperCase())],
  };
}

/**
 * The anchor of an operation's heading: the slug of its English summary.
 * @param {{summary?: string, operationId: string}} operation
 */
export function operationAnchor(operation) {
  return new GithubSlugger().slug(operation.summary ?? operation.operationId);
}

/**
 * The Markdown nodes of one operation, with `labels` (labels.mjs: id → text, English by default)
 * and `translate` mapping each English description to the locale's text.
 * @param {OperationEntry} entry
 * @param {{labels?: Labels, translate?: Translate}} [options]
 * @returns {MdNode[]}
 */
export function operationNodes(entry, options = {}) {
  const {labels = englishLabels(), translate = (/** @type {string} */ value) => value} = options;
  const {operationId, method, path: apiPath, operation} = entry;
  if (!operation.summary) throw new Error(`Operation ${operationId} has no summary`);
  const t = (/** @type {string | undefined} */ value) => (value ? translate(value) : '');
  const anchor = operationAnchor(operation);
  const data = (/** @type {string} */ part) => ({'data-operation': operationId, 'data-api-table': part});
  /** @type {MdNode[]} */
  const nodes = [];

  const title = heading(2, t(operation.summary), anchor);
  title.data.hProperties['data-api-operation'] = operationId;
  title.children.unshift(methodBadge(method));
  nodes.push(title);
  nodes.push({
    type: 'paragraph',
    children: [code(`${method.toUpperCase()} ${apiPath}`)],
    data: {hProperties: {'data-operation': operationId, 'data-api-endpoint': ''}},
  });
  if (operation.description) nodes.push(paragraph([text(t(operation.description))]));
  if (operation['x-derived']) {
    nodes.push({
      type: 'containerDirective',
      name: 'note',
      attributes: {},
      children: [
        {type: 'paragraph', data: {directiveLabel: true}, children: [text(labels.derivedTitle)]},
        paragraph([text(labels.derived)]),
      ],
    });
  }

  // Request
  nodes.push(heading(3, labels.request, `${anchor}-request`));
  const secured = isSecured(operation);
  const requestBody = bodyMedia(operation.requestBody?.content);
  const requestMedia = requestBody?.media ?? null;
  /** @type {Cell[][]} */
  const headerRows = [];
  if (secured)
    headerRows.push([
      [code('Authorization')],
      [code(BEARER_VALUE)],
      [text(labels.yes)],
      [{type: 'link', url: OVERVIEW_AUTHENTICATION, children: [text(labels.bearerNote)]}],
    ]);
  if (requestBody) {
    const note = requestBody.type === 'application/json' ? [text(labels.jsonNote)] : [];
    headerRows.push([[code('Content-Type')], [code(requestBody.type)], [text(labels.yes)], note]);
  }
  nodes.push(paragraph([strong([text(labels.headers)])]));
  if (headerRows.length) {
    nodes.push(table([labels.header, labels.value, labels.required, labels.description], headerRows, data('headers')));
  }
  if (!secured) nodes.push(paragraph([text(labels.noAuth)]));

  nodes.push(paragraph([strong([text(labels.parameters)])]));
  const parameters = operation.parameters ?? [];
  if (parameters.length) {
    nodes.push(
      table(
        [labels.name, labels.in, labels.type, labels.required, labels.description],
        parameters.map((parameter) => [
          [code(parameter.name)],
          [text(labels[`in.${parameter.in}`] ?? parameter.in)],
          [code(typeOf(parameter.schema))],
          [text(parameter.required ? labels.yes : labels.no)],
          describe(t(parameter.description), parameter.schema?.enum ?? parameter.schema?.items?.enum, labels),
        ]),
        data('parameters'),
      ),
    );
  } else {
    nodes.push(paragraph([text(labels.noParameters)]));
  }

  if (requestMedia) {
    nodes.push(paragraph([strong([text(labels.requestBody)])]));
    const fields = schemaFields(requestMedia.schema);
    nodes.push(fieldTable(fields, labels, t, data('request-body'), true));
    const body = requestMedia.example ?? exampleFor(requestMedia.schema);
    nodes.push(codeBlock('json', JSON.stringify(body, null, 2), labels.requestBodyExample));
  }

  // Responses
  nodes.push(heading(3, labels.responses, `${anchor}-responses`));
  const responses = Object.entries(operation.responses ?? {});
  nodes.push(
    table(
      [labels.status, labels.message, labels.meaning],
      responses.map(([status, response]) => [
        [code(status)],
        [code(response.description ?? '')],
        [text(labels[`meaning.${status}`] ?? '')],
      ]),
      data('status-codes'),
    ),
  );
  for (const [status, response] of responses) {
    if (!status.startsWith('2')) continue;
    const media = mediaOf(response.content);
    if (!media) continue;
    const fields = schemaFields(media.schema);
    nodes.push(paragraph([strong([text(`${labels.responseFields} (${status})`)])]));
    nodes.push(fieldTable(fields, labels, t, data(`response-${status}`), false));
    const example = media.example ?? exampleFor(media.schema);
    nodes.push(codeBlock('json', JSON.stringify(example, null, 2), `${labels.exampleResponse} (${status})`));
  }

  // Example call
  nodes.push(heading(3, labels.example, `${anchor}-example`));
  nodes.push(exampleTabs(entry));
  return nodes;
}

/**
 * @param {string} description
 * @param {unknown[] | undefined} values
 * @param {Labels} labels
 */
function describe(description, values, labels) {
  const children = description ? [text(description)] : [];
  if (values?.length) {
    children.push(text(`${description ? ' ' : ''}${labels.oneOf}: `));
    values.forEach((value, index) => {
      if (index) children.push(text(', '));
      children.push(code(value));
    });
    children.push(text('.'));
  }
  return children;
}

/**
 * @param {FieldRow[]} fields
 * @param {Labels} labels
 * @param {(value: string | undefined) => string} t
 * @param {Attributes} data
 * @param {boolean} withRequired
 */
function fieldTable(fields, labels, t, data, withRequired) {
  const header = withRequired
    ? [labels.field, labels.type, labels.required, labels.description]
    : [labels.field, labels.type, labels.description];
  return table(
    header,
    fields.map((field) => {
      const cells = [[code(field.name)], [code(field.type)]];
      if (withRequired) cells.push([text(field.required ? labels.yes : labels.no)]);
      cells.push(describe(t(field.description), field.enum, labels));
      return cells;
    }),
    data,
  );
}

// ---------------------------------------------------------------------------
// The plugin

/**
 * A translator for `locale`, throwing on a description that has no translation.
 * @param {string} locale
 * @param {Map<string, string>} translations
 * @returns {Translate}
 */
export function translatorFor(locale, translations, defaultLocale = DEFAULT_LOCALE) {
  if (locale === defaultLocale) return (value) => value;
  return (value) => {
    const translated = translations.get(value);
    if (!translated) {
      throw new Error(
        `No ${locale} translation of the API description "${value}" in i18n/${locale}/openapi.json (run npm run check:api for the full list)`,
      );
    }
    return translated;
  };
}

/**
 * @param {{specPath: string, i18nDir: string, defaultLocale?: string}} options
 */
export default function remarkApiOperations({specPath, i18nDir, defaultLocale = DEFAULT_LOCALE}) {
  if (!specPath || !i18nDir) throw new Error('remarkApiOperations needs specPath and i18nDir');
  /** @type {{stamp: number, value: import('./definition.mjs').Definition} | null} */
  let cache = null;
  const definition = () => {
    const stamp = fs.statSync(specPath).mtimeMs;
    if (!cache || cache.stamp !== stamp) cache = {stamp, value: loadDefinition(specPath)};
    return cache.value;
  };
  /**
   * @param {MdNode} root
   * @param {{path: string}} file
   */
  return async (root, file) => {
    const {visit, SKIP} = await import('unist-util-visit');
    /** @typedef {{name: string, attributes?: Record<string, string | null | undefined> | null}} LeafDirective */
    /** @type {{node: LeafDirective, index: number, parent: {children: unknown[]}}[]} */
    const found = [];
    // mdast's types know the directive nodes only with mdast-util-directive's, which the site does not import.
    visit(
      /** @type {import('mdast').Parent} */ (/** @type {unknown} */ (root)),
      'leafDirective',
      (leaf, index, parent) => {
        const node = /** @type {LeafDirective} */ (/** @type {unknown} */ (leaf));
        if (node.name !== DIRECTIVE) return undefined;
        if (index === undefined || !parent) throw new Error(`${file.path}: ::${DIRECTIVE} outside a parent node`);
        found.push({node, index, parent});
        return SKIP;
      },
    );
    if (!found.length) return;
    const {operations} = definition();
    const locale = localeOfFile(file.path, defaultLocale);
    const translate = translatorFor(
      locale,
      loadTranslations(path.join(i18nDir, locale, 'openapi.json')),
      defaultLocale,
    );
    // Read for each page, like the translations: an edited label shows on the next reload.
    const labels = loadLabels(i18nDir, locale, defaultLocale);
    // Replace from the last so earlier indexes stay valid.
    for (const {node, index, parent} of found.reverse()) {
      const id = node.attributes?.id;
      const entry = operations.find((candidate) => candidate.operationId === id);
      if (!entry) {
        throw new Error(`${file.path}: ::${DIRECTIVE}{id="${id}"} is not an operationId of ${path.basename(specPath)}`);
      }
      parent.children.splice(index, 1, ...operationNodes(entry, {labels, translate}));
    }
    (root.children ??= []).unshift(tabsImportNode());
  };
}
