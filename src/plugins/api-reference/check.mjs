/**
 * The check that holds the REST API reference together (`npm run check:api`, whose command line
 * is scripts/check-api.mjs): validates api/openapi.yaml, lints it for what the pages need, checks
 * that the API pages (English and Italian) render exactly the definition's operations, that their
 * own prose names no path, operation, parameter or status code the definition lacks, that every
 * description the pages show has its Italian translation, and that the Italian labels of the
 * layout (i18n/it/seerbox-api-reference/labels.json) are all there and translated.
 *
 * Plain ESM with JSDoc: Node runs it without a TypeScript loader.
 */
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import {loadDefinition, loadTranslations, schemaFields} from './definition.mjs';
import {exampleProblems, exampleRequest, jsonMedia} from './examples.mjs';
import {ENGLISH_LABELS, labelsFile, readLabelsFile} from './labels.mjs';
import {curlExample, DIRECTIVE, operationNodes} from './remarkOperations.mjs';
import {messageOf} from '../../utils/errors.mjs';
import {API_DEFINITION, DOCS_DIR, ITALIAN_LOCALE, localeDocsDir} from '../../utils/sitePaths.mjs';

/**
 * @typedef {import('./definition.mjs').OperationEntry} OperationEntry
 * @typedef {import('./definition.mjs').Definition} Definition
 * @typedef {import('./definition.mjs').Media} Media
 * @typedef {import('./definition.mjs').Schema} Schema
 */

export const LOCALE = ITALIAN_LOCALE;

/**
 * Paths of the project's API files under `root`.
 * @param {string} root
 */
export function apiPaths(root) {
  return {
    spec: path.join(root, API_DEFINITION),
    docs: path.join(root, DOCS_DIR, 'api'),
    twins: path.join(root, localeDocsDir(LOCALE), 'api'),
    translations: path.join(root, 'i18n', LOCALE, 'openapi.json'),
    labels: labelsFile(path.join(root, 'i18n'), LOCALE),
  };
}

/**
 * Operation ids of the `::operation{id="..."}` directives of a page, in order.
 * @param {string} markdown
 */
export function directiveIds(markdown) {
  const ids = [];
  const pattern = new RegExp(`^::${DIRECTIVE}\\{\\s*id="([^"]+)"\\s*\\}\\s*$`, 'gm');
  for (const match of markdown.matchAll(pattern)) ids.push(match[1]);
  return ids;
}

/**
 * The page's own prose: front matter, directives and fenced code removed.
 * @param {string} markdown
 */
export function ownText(markdown) {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '')
    .replace(new RegExp(`^::${DIRECTIVE}\\{[^\\n]*$`, 'gm'), '');
}

/**
 * @param {string} template
 * @param {string} concrete
 */
function pathMatches(template, concrete) {
  const a = template.split('/');
  const b = concrete.split('/');
  return (
    a.length === b.length &&
    a.every(
      (part, i) => part === b[i] || /^\{[^}]+\}$/.test(part) || /^\{[^}]+\}$/.test(b[i]) || /^<[^>]+>$/.test(b[i]),
    )
  );
}

/**
 * Problems in a page's own text: names that are not in the definition.
 * @param {string} markdown
 * @param {OperationEntry[]} operations
 * @param {OperationEntry[]} pageOperations
 */
export function proseProblems(markdown, operations, pageOperations) {
  const problems = [];
  // A page without operations of its own (the overview) speaks of the whole API.
  if (!pageOperations.length) pageOperations = operations;
  const text = ownText(markdown);
  for (const match of text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\s+`?(\/api\/v1\/[\w{}<>./-]*[\w}>])/g)) {
    const [, method, apiPath] = match;
    if (!operations.some((op) => op.method === method.toLowerCase() && pathMatches(op.path, apiPath))) {
      problems.push(`names ${method} ${apiPath}, which is not an operation of the definition`);
    }
  }
  for (const match of text.matchAll(/\/api\/v1\/[\w{}<>./-]*[\w}>]/g)) {
    const apiPath = match[0];
    if (!operations.some((op) => pathMatches(op.path, apiPath))) {
      problems.push(`names the path ${apiPath}, which the definition does not have`);
    }
  }
  const statuses = new Set(pageOperations.flatMap((op) => Object.keys(op.operation.responses ?? {})));
  for (const match of text.matchAll(/\b(?:status|HTTP|stato|codice)\s+(?:code\s+)?`?(\d{3})\b/gi)) {
    if (!statuses.has(match[1])) problems.push(`names status ${match[1]}, which no operation of this page returns`);
  }
  const parameters = new Set(pageOperations.flatMap((op) => op.operation.parameters.map((p) => p.name)));
  const parameterMentions = [
    ...text.matchAll(/`([A-Za-z_][\w]*)`\s+(?:query\s+|path\s+)?parameters?\b/g),
    ...text.matchAll(/\bparametr[oi]\s+(?:di\s+query\s+|di\s+percorso\s+)?`([A-Za-z_][\w]*)`/g),
  ];
  for (const match of parameterMentions) {
    if (!parameters.has(match[1]))
      problems.push(`names the parameter ${match[1]}, which no operation of this page has`);
  }
  return problems;
}

/**
 * Every description the pages show, in the order the pages show them.
 * @param {OperationEntry[]} operations
 */
export function translatableStrings(operations) {
  /** @type {Set<string>} */
  const seen = new Set();
  for (const entry of operations) {
    operationNodes(entry, {
      translate: (value) => {
        seen.add(value);
        return value;
      },
    });
  }
  return [...seen];
}

/**
 * Lint rules the pages rely on; returns problem strings.
 * @param {Definition} definition
 * @param {string} docsDir
 */
export function lintDefinition({raw, operations}, docsDir) {
  const problems = [];
  const tags = new Set((raw.tags ?? []).map((tag) => tag.name));
  const ids = new Map();
  for (const entry of operations) {
    const {operationId, method, path: apiPath, operation} = entry;
    const where = `${method.toUpperCase()} ${apiPath} (${operationId})`;
    if (ids.has(operationId)) problems.push(`${where}: operationId also used by ${ids.get(operationId)}`);
    ids.set(operationId, where);
    if (!operation.summary) problems.push(`${where}: no summary`);
    if (!operation.description) problems.push(`${where}: no description`);
    if (!Array.isArray(operation.tags) || operation.tags.length !== 1) problems.push(`${where}: needs exactly one tag`);
    else if (!tags.has(operation.tags[0]))
      problems.push(`${where}: tag "${operation.tags[0]}" is not declared under tags`);
    const page = operation['x-page'];
    if (!page) problems.push(`${where}: no x-page`);
    else if (!existsSync(path.join(docsDir, `${page}.md`)))
      problems.push(`${where}: x-page "${page}" is not a page of docs/api`);
    for (const parameter of operation.parameters) {
      if (!parameter.description) problems.push(`${where}: parameter ${parameter.name} has no description`);
      if (!parameter.schema?.type) problems.push(`${where}: parameter ${parameter.name} has no schema type`);
    }
    const secured = !Array.isArray(operation.security) || operation.security.length > 0;
    const responses = operation.responses ?? {};
    if (secured && !responses['403']) problems.push(`${where}: needs a token but lists no 403 response`);
    /** @type {[string, Media | undefined][]} */
    const bodies = [];
    if (operation.requestBody) bodies.push(['request body', operation.requestBody.content?.['application/json']]);
    for (const [status, response] of Object.entries(responses)) {
      if (!response.description) problems.push(`${where}: response ${status} has no description (the status message)`);
      if (status.startsWith('2')) bodies.push([`response ${status}`, response.content?.['application/json']]);
    }
    for (const [label, media] of bodies) {
      if (!media?.schema) {
        problems.push(`${where}: ${label} has no application/json schema`);
        continue;
      }
      if (media.example === undefined) problems.push(`${where}: ${label} has no example`);
      for (const field of schemaFields(media.schema)) {
        if (!field.description) problems.push(`${where}: ${label} field ${field.name} has no description`);
      }
    }
  }
  return problems;
}

/** A validator for the definition's schemas (OpenAPI 3.1 = JSON Schema 2020-12; formats are hints here). */
function schemaValidator() {
  const ajv = new Ajv2020({strict: false, validateFormats: false, allErrors: true});
  /** @type {(schema: Schema, value: unknown) => string[]} */
  return (schema, value) => {
    if (ajv.validate(schema, value)) return [];
    return (ajv.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`);
  };
}

/**
 * Examples ↔ definition: the generated requests and every request and response example.
 * @param {Pick<Definition, 'operations'>} definition
 */
export function exampleCheckProblems({operations}) {
  const problems = [];
  const validate = schemaValidator();
  for (const entry of operations) {
    const where = `${entry.method.toUpperCase()} ${entry.path} (${entry.operationId})`;
    let curl;
    try {
      curl = curlExample(entry);
    } catch (error) {
      problems.push(`${where}: no example: ${messageOf(error)}`);
      continue;
    }
    for (const problem of exampleProblems(entry, curl)) problems.push(`${where}: ${problem}`);
    const body = exampleRequest(entry).postData?.text;
    // httpsnippet's PowerShell client puts the body in single quotes without escaping them.
    if (body?.includes("'"))
      problems.push(`${where}: the request body example holds a ' (the PowerShell example would break)`);
    /** @type {[string, Media][]} */
    const bodies = [];
    const requestMedia = jsonMedia(entry.operation.requestBody?.content);
    if (requestMedia?.schema) bodies.push(['request body example', requestMedia]);
    for (const [status, response] of Object.entries(entry.operation.responses ?? {})) {
      const media = jsonMedia(response.content);
      if (media?.schema && media.example !== undefined) bodies.push([`response ${status} example`, media]);
    }
    for (const [label, media] of bodies) {
      if (media.example === undefined) continue;
      // Only media with a schema are listed.
      for (const error of validate(/** @type {Schema} */ (media.schema), media.example))
        problems.push(`${where}: ${label}: ${error}`);
    }
  }
  return problems;
}

/**
 * Pages ↔ definition: which operations each page (and its twin) renders.
 * @param {Pick<Definition, 'operations'>} definition
 * @param {{docs: string, twins: string}} paths
 */
export function pageProblems({operations}, {docs, twins}) {
  const problems = [];
  const claimed = new Map();
  const pages = readdirSync(docs, {recursive: true, encoding: 'utf8'}).filter((name) => name.endsWith('.md'));
  for (const name of pages.sort()) {
    const file = path.join(docs, name);
    const page = name.replace(/\\/g, '/').replace(/\.md$/, '');
    const expected = operations.filter((op) => op.operation['x-page'] === page);
    for (const [label, pageFile] of [
      ['docs/api', file],
      [`i18n/${LOCALE}`, path.join(twins, `${page}.md`)],
    ]) {
      if (!existsSync(pageFile)) {
        problems.push(`${label}/${page}.md: missing`);
        continue;
      }
      const markdown = readFileSync(pageFile, 'utf8');
      const found = directiveIds(markdown);
      for (const id of found) {
        if (!operations.some((op) => op.operationId === id))
          problems.push(`${label}/${page}.md: ::operation "${id}" is not in the definition`);
        else if (!expected.some((op) => op.operationId === id))
          problems.push(`${label}/${page}.md: ::operation "${id}" belongs to another page (its x-page)`);
      }
      for (const op of expected) {
        if (!found.includes(op.operationId))
          problems.push(`${label}/${page}.md: operation ${op.operationId} of the definition is not on the page`);
      }
      const inOrder = found.filter((id) => expected.some((op) => op.operationId === id));
      const order = expected.map((op) => op.operationId).filter((id) => inOrder.includes(id));
      if (new Set(found).size !== found.length) problems.push(`${label}/${page}.md: an operation appears twice`);
      else if (inOrder.join() !== order.join())
        problems.push(`${label}/${page}.md: operations not in the definition's order (${order.join(', ')})`);
      if (!/^toc_max_heading_level:\s*2\s*$/m.test(markdown.split(/\n---\n/)[0] ?? '')) {
        problems.push(`${label}/${page}.md: front matter needs toc_max_heading_level: 2 (one TOC entry per operation)`);
      }
      for (const problem of proseProblems(markdown, operations, expected))
        problems.push(`${label}/${page}.md: ${problem}`);
    }
    for (const op of expected) claimed.set(op.operationId, page);
  }
  for (const op of operations) {
    if (!claimed.has(op.operationId))
      problems.push(`operation ${op.operationId}: its x-page "${op.operation['x-page']}" is not a page`);
  }
  return problems;
}

/**
 * Translations of the descriptions: missing, empty, untranslated, unused.
 * @param {string[]} strings
 * @param {Map<string, string>} translations
 */
export function translationProblems(strings, translations) {
  const problems = [];
  for (const english of strings) {
    const italian = translations.get(english);
    if (italian === undefined) problems.push(`i18n/${LOCALE}/openapi.json: no translation of "${english}"`);
    else if (!italian.trim()) problems.push(`i18n/${LOCALE}/openapi.json: empty translation of "${english}"`);
    else if (italian.trim() === english.trim())
      problems.push(`i18n/${LOCALE}/openapi.json: "${english}" is not translated`);
  }
  const wanted = new Set(strings);
  for (const key of translations.keys()) {
    if (!wanted.has(key))
      problems.push(`i18n/${LOCALE}/openapi.json: "${key}" is no longer used (run with --update-translations)`);
  }
  return problems;
}

/**
 * Rewrites the translation file: every wanted string, existing translations kept, new ones empty.
 * @param {string} file
 * @param {string[]} strings
 * @param {Map<string, string>} translations
 */
export function updateTranslations(file, strings, translations) {
  /** @type {Record<string, string>} */
  const data = {
    $comment:
      'Italian text of the descriptions in api/openapi.yaml, shown on the Italian API pages. Keys are the English text; run node scripts/check-api.mjs --update-translations after changing the definition.',
  };
  for (const english of strings) data[english] = translations.get(english) ?? '';
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return strings.filter((english) => !translations.get(english)).length;
}

/** Labels that are the same word in Italian: not flagged as untranslated. */
export const SAME_IN_ITALIAN = new Set(['no', 'in.query', 'header', 'in.header']);

/**
 * The Italian labels of the layout: every label of ENGLISH_LABELS present, none empty, none
 * left in English (write-translations fills new ones with the English text), none unknown.
 * @param {string} root
 */
export function labelProblems(root) {
  const file = apiPaths(root).labels;
  const where = path.relative(root, file).replace(/\\/g, '/');
  let labels;
  try {
    labels = readLabelsFile(file);
  } catch (error) {
    return [messageOf(error)];
  }
  if (!labels) return [`${where}: missing (npm run write-translations -- --locale ${LOCALE})`];
  const problems = [];
  for (const [id, {message}] of Object.entries(ENGLISH_LABELS)) {
    const italian = labels[id];
    if (italian === undefined) problems.push(`${where}: no translation of the label "${id}" ("${message}")`);
    else if (!italian.trim()) problems.push(`${where}: empty translation of the label "${id}"`);
    else if (italian === message && !SAME_IN_ITALIAN.has(id))
      problems.push(`${where}: the label "${id}" is not translated ("${message}")`);
  }
  for (const id of Object.keys(labels)) {
    if (!(id in ENGLISH_LABELS)) problems.push(`${where}: the label "${id}" is no longer used`);
  }
  return problems;
}

/** @param {string} root */
export async function checkApi(root, {update = false} = {}) {
  const paths = apiPaths(root);
  const problems = [];
  try {
    await SwaggerParser.validate(paths.spec);
  } catch (error) {
    problems.push(`api/openapi.yaml is not a valid OpenAPI document: ${messageOf(error)}`);
    return {problems, operations: 0};
  }
  const definition = loadDefinition(paths.spec);
  problems.push(...lintDefinition(definition, paths.docs));
  problems.push(...pageProblems(definition, paths));
  problems.push(...exampleCheckProblems(definition));
  const strings = translatableStrings(definition.operations);
  let translations = loadTranslations(paths.translations);
  if (update) {
    const empty = updateTranslations(paths.translations, strings, translations);
    console.log(`check-api: ${paths.translations} updated; ${empty} descriptions to translate`);
    translations = loadTranslations(paths.translations);
  }
  problems.push(...translationProblems(strings, translations));
  problems.push(...labelProblems(root));
  return {problems, operations: definition.operations.length, strings: strings.length};
}
