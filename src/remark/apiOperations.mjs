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
 * labels come from LABELS below and the definition's descriptions from
 * `i18n/<locale>/openapi.json` (English text → translation).
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import GithubSlugger from 'github-slugger';
import {exampleSnippets, isSecured} from './apiExamples.mjs';

export const DIRECTIVE = 'operation';
/** Where every operation's token header points: the overview's authentication section. */
export const OVERVIEW_AUTHENTICATION = '/api/overview#authentication';
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The layout's own words, per locale. */
export const LABELS = {
  en: {
    request: 'Request',
    responses: 'Responses',
    example: 'Example',
    headers: 'Headers',
    header: 'Header',
    value: 'Value',
    required: 'Required',
    yes: 'Yes',
    no: 'No',
    parameters: 'Parameters',
    name: 'Name',
    in: 'In',
    type: 'Type',
    description: 'Description',
    noParameters: 'This operation takes no parameters.',
    requestBody: 'Request body',
    requestBodyExample: 'Request body example',
    field: 'Field',
    status: 'Status',
    message: 'Message',
    meaning: 'Meaning',
    responseFields: 'Response fields',
    exampleResponse: 'Example response',
    oneOf: 'One of',
    bearerValue: 'Bearer <token>',
    bearerNote: 'The token from the sign-in operation: see Authentication in the API overview.',
    jsonNote: 'The body is JSON.',
    noAuth: 'This operation needs no token.',
    derivedTitle: 'Derived operation',
    derived:
      'The product documentation does not publish this operation. Its path and shape follow the conventions of the documented operations: check them against your installation before relying on them.',
    query: 'query',
    path: 'path',
    header_: 'header',
    meanings: {
      200: 'The request succeeded.',
      201: 'The resource was created.',
      204: 'The request succeeded; there is no body.',
      400: 'The request was rejected; the message says why.',
      401: 'The credentials are wrong.',
      403: "The token's user is not allowed to perform this operation.",
      404: 'The resource does not exist.',
    },
  },
  it: {
    request: 'Richiesta',
    responses: 'Risposte',
    example: 'Esempio',
    headers: 'Intestazioni',
    header: 'Intestazione',
    value: 'Valore',
    required: 'Obbligatorio',
    yes: 'Sì',
    no: 'No',
    parameters: 'Parametri',
    name: 'Nome',
    in: 'Posizione',
    type: 'Tipo',
    description: 'Descrizione',
    noParameters: 'Questa operazione non accetta parametri.',
    requestBody: 'Corpo della richiesta',
    requestBodyExample: 'Esempio di corpo della richiesta',
    field: 'Campo',
    status: 'Stato',
    message: 'Messaggio',
    meaning: 'Significato',
    responseFields: 'Campi della risposta',
    exampleResponse: 'Esempio di risposta',
    oneOf: 'Valori ammessi',
    bearerValue: 'Bearer <token>',
    bearerNote: "Il token dell'operazione di accesso: vedere Autenticazione nella panoramica dell'API.",
    jsonNote: 'Il corpo è in formato JSON.',
    noAuth: 'Questa operazione non richiede un token.',
    derivedTitle: 'Operazione ricavata',
    derived:
      'La documentazione del prodotto non pubblica questa operazione. Percorso e struttura seguono le convenzioni delle operazioni documentate: verificarli sulla propria installazione prima di farvi affidamento.',
    query: 'query',
    path: 'percorso',
    header_: 'intestazione',
    meanings: {
      200: 'La richiesta è andata a buon fine.',
      201: 'La risorsa è stata creata.',
      204: 'La richiesta è andata a buon fine; la risposta non ha corpo.',
      400: 'La richiesta è stata rifiutata; il messaggio ne indica il motivo.',
      401: 'Le credenziali non sono corrette.',
      403: "L'utente del token non è autorizzato a eseguire questa operazione.",
      404: 'La risorsa non esiste.',
    },
  },
};

// ---------------------------------------------------------------------------
// Loading the definition

/** Resolves every local `$ref` (`#/components/...`) of a parsed definition, without mutating it. */
export function resolveRefs(doc) {
  const lookup = (ref) => {
    if (!ref.startsWith('#/')) throw new Error(`Only local $ref are supported, got "${ref}"`);
    let node = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !(key in node)) {
        throw new Error(`Unresolved $ref "${ref}"`);
      }
      node = node[key];
    }
    return node;
  };
  const walk = (node, seen) => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      if (seen.includes(node.$ref)) throw new Error(`Circular $ref "${node.$ref}"`);
      const {$ref, ...siblings} = node;
      const target = walk(lookup($ref), [...seen, $ref]);
      return Object.keys(siblings).length ? {...target, ...walk(siblings, seen)} : target;
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, seen)]));
  };
  return walk(doc, []);
}

/**
 * Reads and resolves the definition; returns it with its operations in file
 * order: {operationId, method, path, operation (resolved, path-level
 * parameters merged in)}.
 */
export function loadDefinition(specPath) {
  let text;
  try {
    text = fs.readFileSync(specPath, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the API definition "${specPath}": ${error.message}`);
  }
  let raw;
  try {
    raw = yaml.load(text);
  } catch (error) {
    throw new Error(`"${specPath}" is not valid YAML: ${error.message}`);
  }
  return definitionFrom(raw, specPath);
}

export function definitionFrom(raw, label = 'definition') {
  if (!raw || typeof raw !== 'object' || !raw.paths) {
    throw new Error(`"${label}" has no "paths": not an OpenAPI definition`);
  }
  const doc = resolveRefs(raw);
  const operations = [];
  for (const [apiPath, pathItem] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${apiPath} has no operationId`);
      const byKey = new Map();
      for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      operations.push({
        operationId: operation.operationId,
        method,
        path: apiPath,
        operation: {...operation, parameters: [...byKey.values()]},
      });
    }
  }
  return {raw, doc, operations};
}

/** Loads `i18n/<locale>/openapi.json` (English → translation); empty map when absent. */
export function loadTranslations(file) {
  if (!fs.existsSync(file)) return new Map();
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`"${file}" is not valid JSON: ${error.message}`);
  }
  return new Map(Object.entries(data).filter(([key]) => !key.startsWith('$')));
}

// ---------------------------------------------------------------------------
// Schemas → field rows and examples

function typeOf(schema) {
  if (!schema) return '';
  let type = schema.type;
  if (!type && schema.allOf) type = 'object';
  if (!type && schema.properties) type = 'object';
  if (Array.isArray(type)) type = type.join(' | ');
  if (type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    const items = typeOf(schema.items) || 'any';
    type = `array<${items}>`;
  }
  if (schema.format) type = `${type} (${schema.format})`;
  return type ?? 'any';
}

/** Merges `allOf` parts into one object schema. */
export function mergeAllOf(schema) {
  if (!schema?.allOf) return schema;
  const merged = {
    ...schema,
    allOf: undefined,
    type: 'object',
    properties: {...(schema.properties ?? {})},
    required: [...(schema.required ?? [])],
  };
  for (const part of schema.allOf.map(mergeAllOf)) {
    for (const [name, property] of Object.entries(part.properties ?? {})) {
      const existing = merged.properties[name];
      merged.properties[name] =
        existing && (existing.properties || existing.allOf) && (property.properties || property.allOf)
          ? mergeAllOf({allOf: [existing, property]})
          : existing && !property.description && existing.description
            ? {...property, description: existing.description}
            : property;
    }
    merged.required.push(...(part.required ?? []));
    if (!merged.description && part.description) merged.description = part.description;
  }
  delete merged.allOf;
  return merged;
}

/**
 * Flattens a schema into rows {name, type, required, description, enum}:
 * `data.alerts[].id` style names, objects and arrays descended.
 */
export function schemaFields(schema, prefix = '', depth = 0) {
  const rows = [];
  const object = mergeAllOf(schema);
  if (!object || depth > 8) return rows;
  const target = object.type === 'array' || object.items ? mergeAllOf(object.items) : object;
  const base = object.type === 'array' || object.items ? `${prefix}[]` : prefix;
  const required = new Set(target?.required ?? []);
  for (const [name, raw] of Object.entries(target?.properties ?? {})) {
    const property = mergeAllOf(raw);
    const fullName = base ? `${base}.${name}` : name;
    rows.push({
      name: fullName,
      type: typeOf(property),
      required: required.has(name),
      description: property.description ?? '',
      enum: property.enum ?? property.items?.enum,
    });
    rows.push(...schemaFields(property, fullName, depth + 1));
  }
  return rows;
}

/** An example value for a schema: its own example, else one built from its properties. */
export function exampleFor(schema, depth = 0) {
  const merged = mergeAllOf(schema);
  if (!merged || depth > 8) return null;
  if (merged.example !== undefined) return merged.example;
  if (merged.examples?.length) return merged.examples[0];
  if (merged.default !== undefined) return merged.default;
  if (merged.enum?.length) return merged.enum[0];
  const type = Array.isArray(merged.type) ? merged.type.find((t) => t !== 'null') : merged.type;
  if (type === 'array' || merged.items) return merged.items ? [exampleFor(merged.items, depth + 1)] : [];
  if (type === 'object' || merged.properties) {
    return Object.fromEntries(
      Object.entries(merged.properties ?? {}).map(([name, property]) => [name, exampleFor(property, depth + 1)]),
    );
  }
  return {string: 'string', integer: 0, number: 0, boolean: false}[type] ?? null;
}

function mediaOf(content) {
  if (!content) return null;
  return content['application/json'] ?? Object.values(content)[0] ?? null;
}

// ---------------------------------------------------------------------------
// Markdown (mdast) builders

const text = (value) => ({type: 'text', value: String(value)});
const code = (value) => ({type: 'inlineCode', value: String(value)});
const strong = (children) => ({type: 'strong', children});
const paragraph = (children) => ({type: 'paragraph', children});
const cell = (children) => ({type: 'tableCell', children});
const row = (cells) => ({type: 'tableRow', children: cells.map(cell)});

function table(header, rows, data) {
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((label) => [text(label)])), ...rows.map(row)],
    data: {hProperties: data},
  };
}

function heading(depth, label, id) {
  /** @type {{type: string, depth: number, children: any[], data: {hProperties: Record<string, string>}}} */
  const node = {type: 'heading', depth, children: [text(label)], data: {hProperties: {id}}};
  return node;
}

function codeBlock(lang, value, title) {
  return {type: 'code', lang, meta: title ? `title="${title.replace(/"/g, "'")}"` : null, value};
}

/** The `curl` command that calls an operation (the first of its examples). */
export function curlExample(entry) {
  return exampleSnippets(entry).find((snippet) => snippet.value === 'curl').code;
}

const jsxAttribute = (name, value) => ({type: 'mdxJsxAttribute', name, value});

/**
 * The examples in synchronised tabs: Docusaurus Tabs with a groupId, so the
 * reader's language choice is kept across pages (the stock Tabs behaviour).
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
 */
export function methodBadge(method) {
  return {
    type: 'mdxJsxTextElement',
    name: 'span',
    attributes: [jsxAttribute('className', `api-method api-method--${method}`)],
    children: [text(method.toUpperCase())],
  };
}

/** The anchor of an operation's heading: the slug of its English summary. */
export function operationAnchor(operation) {
  return new GithubSlugger().slug(operation.summary ?? operation.operationId);
}

/**
 * The Markdown nodes of one operation, in `locale`, with `translate`
 * mapping each English description to the locale's text.
 */
export function operationNodes(entry, {locale = 'en', translate = (value) => value} = {}) {
  const labels = LABELS[locale];
  if (!labels) throw new Error(`No labels for locale "${locale}"`);
  const {operationId, method, path: apiPath, operation} = entry;
  if (!operation.summary) throw new Error(`Operation ${operationId} has no summary`);
  const t = (value) => (value ? translate(value) : '');
  const anchor = operationAnchor(operation);
  const data = (part) => ({'data-operation': operationId, 'data-api-table': part});
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
  const requestMedia = mediaOf(operation.requestBody?.content);
  const headerRows = [];
  if (secured)
    headerRows.push([
      [code('Authorization')],
      [code(labels.bearerValue)],
      [text(labels.yes)],
      [{type: 'link', url: OVERVIEW_AUTHENTICATION, children: [text(labels.bearerNote)]}],
    ]);
  if (requestMedia)
    headerRows.push([[code('Content-Type')], [code('application/json')], [text(labels.yes)], [text(labels.jsonNote)]]);
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
          [text(labels[parameter.in === 'header' ? 'header_' : parameter.in] ?? parameter.in)],
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
        [text(labels.meanings[status] ?? '')],
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

/** The locale of a Markdown file: `it` for `i18n/it/...`, else the default locale. */
export function localeOfFile(filePath, defaultLocale = 'en') {
  const match = /[\\/]i18n[\\/]([^\\/]+)[\\/]/.exec(filePath ?? '');
  return match ? match[1] : defaultLocale;
}

/** A translator for `locale`, throwing on a description that has no translation. */
export function translatorFor(locale, translations, defaultLocale = 'en') {
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
export default function remarkApiOperations({specPath, i18nDir, defaultLocale = 'en'}) {
  if (!specPath || !i18nDir) throw new Error('remarkApiOperations needs specPath and i18nDir');
  let cache = null;
  const definition = () => {
    const stamp = fs.statSync(specPath).mtimeMs;
    if (!cache || cache.stamp !== stamp) cache = {stamp, value: loadDefinition(specPath)};
    return cache.value;
  };
  return async (root, file) => {
    const {visit, SKIP} = await import('unist-util-visit');
    const found = [];
    visit(root, 'leafDirective', (node, index, parent) => {
      if (node.name !== DIRECTIVE) return undefined;
      found.push({node, index, parent});
      return SKIP;
    });
    if (!found.length) return;
    const {operations} = definition();
    const locale = localeOfFile(file.path, defaultLocale);
    const translate = translatorFor(
      locale,
      loadTranslations(path.join(i18nDir, locale, 'openapi.json')),
      defaultLocale,
    );
    // Replace from the last so earlier indexes stay valid.
    for (const {node, index, parent} of found.reverse()) {
      const id = node.attributes?.id;
      const entry = operations.find((candidate) => candidate.operationId === id);
      if (!entry) {
        throw new Error(`${file.path}: ::${DIRECTIVE}{id="${id}"} is not an operationId of ${path.basename(specPath)}`);
      }
      parent.children.splice(index, 1, ...operationNodes(entry, {locale, translate}));
    }
    root.children.unshift(tabsImportNode());
  };
}
