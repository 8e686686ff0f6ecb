/**
 * The API definition model: reads `api/openapi.yaml`, resolves its local `$ref`s and lists its
 * operations in file order; flattens schemas into field rows and builds example values. The
 * Markdown rendering, the check (`npm run check:api`) and the tests all read the definition
 * through this one module, so they cannot disagree on what an operation is.
 *
 * Plain ESM with JSDoc (not TypeScript): `node scripts/check-api.mjs` and
 * `node scripts/check-samples.mjs` import it without a TypeScript loader (Node 20).
 */
import fs from 'node:fs';
import yaml from 'js-yaml';
import {messageOf} from '../../utils/errors.mjs';

/**
 * The parts of a resolved OpenAPI definition (no `$ref` left) that this code reads.
 * @typedef {'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace'} Method
 * @typedef {{type?: string | string[], format?: string, description?: string, enum?: unknown[],
 *   example?: unknown, examples?: unknown[], default?: unknown, items?: Schema,
 *   properties?: Record<string, Schema>, required?: string[], allOf?: Schema[]}} Schema
 * @typedef {{name: string, in: string, required?: boolean, description?: string, example?: unknown,
 *   schema?: Schema, 'x-required-if'?: string}} Parameter
 * @typedef {{schema?: Schema, example?: unknown}} Media
 * @typedef {Record<string, Media>} Content
 * @typedef {{description?: string, content?: Content}} Response
 * @typedef {Record<string, Response>} Responses
 * @typedef {{operationId: string, summary?: string, description?: string, tags?: string[],
 *   parameters?: Parameter[], security?: unknown[], requestBody?: {content?: Content},
 *   responses: Responses, 'x-page'?: string, 'x-derived'?: boolean}} Operation
 * @typedef {{parameters?: Parameter[]} & Partial<Record<Method, Operation>>} PathItem
 * @typedef {{paths: Record<string, PathItem>, tags?: {name: string}[], components?: {schemas?: Record<string, Schema>}}} Document
 * @typedef {{operationId: string, method: Method, path: string,
 *   operation: Operation & {parameters: Parameter[]}}} OperationEntry  parameters: path-level ones merged in
 * @typedef {{raw: Document, doc: Document, operations: OperationEntry[]}} Definition
 * @typedef {{name: string, type: string, required: boolean, description: string, enum: unknown[] | undefined}} FieldRow
 */

/** @type {Method[]} */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

// ---------------------------------------------------------------------------
// Loading the definition

/**
 * Resolves every local `$ref` (`#/components/...`) of a parsed definition, without mutating it.
 * @template T
 * @param {T} doc
 * @returns {T}
 */
export function resolveRefs(doc) {
  /** @param {string} ref */
  const lookup = (ref) => {
    if (!ref.startsWith('#/')) throw new Error(`Only local $ref are supported, got "${ref}"`);
    /** @type {unknown} */
    let node = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !(key in node)) {
        throw new Error(`Unresolved $ref "${ref}"`);
      }
      node = /** @type {Record<string, unknown>} */ (node)[key];
    }
    return node;
  };
  /** @type {(node: unknown, seen: string[]) => unknown} */
  const walk = (node, seen) => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (node === null || typeof node !== 'object') return node;
    if ('$ref' in node && typeof node.$ref === 'string') {
      if (seen.includes(node.$ref)) throw new Error(`Circular $ref "${node.$ref}"`);
      const {$ref, ...siblings} = /** @type {{$ref: string}} */ (node);
      const target = walk(lookup($ref), [...seen, $ref]);
      return Object.keys(siblings).length
        ? {.../** @type {object} */ (target), .../** @type {object} */ (walk(siblings, seen))}
        : target;
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, seen)]));
  };
  return /** @type {T} */ (walk(doc, []));
}

/**
 * Reads and resolves the definition; returns it with its operations in file
 * order: {operationId, method, path, operation (resolved, path-level
 * parameters merged in)}.
 * @param {string} specPath
 * @returns {Definition}
 */
export function loadDefinition(specPath) {
  let text;
  try {
    text = fs.readFileSync(specPath, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the API definition "${specPath}": ${messageOf(error)}`);
  }
  let raw;
  try {
    raw = yaml.load(text);
  } catch (error) {
    throw new Error(`"${specPath}" is not valid YAML: ${messageOf(error)}`);
  }
  return definitionFrom(raw, specPath);
}

/**
 * @param {unknown} parsed
 * @returns {Definition}
 */
export function definitionFrom(parsed, label = 'definition') {
  if (!parsed || typeof parsed !== 'object' || !('paths' in parsed) || !parsed.paths) {
    throw new Error(`"${label}" has no "paths": not an OpenAPI definition`);
  }
  const raw = /** @type {Document} */ (parsed);
  const doc = resolveRefs(raw);
  /** @type {OperationEntry[]} */
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

/**
 * Loads `i18n/<locale>/openapi.json` (English → translation); empty map when absent.
 * @param {string} file
 * @returns {Map<string, string>}
 */
export function loadTranslations(file) {
  if (!fs.existsSync(file)) return new Map();
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`"${file}" is not valid JSON: ${messageOf(error)}`);
  }
  return new Map(Object.entries(data).filter(([key]) => !key.startsWith('$')));
}

// ---------------------------------------------------------------------------
// Schemas → field rows and examples

/**
 * The type of a schema as the tables show it: `array<string>`, `integer (int64)`.
 * @param {Schema | undefined} schema
 * @returns {string}
 */
export function typeOf(schema) {
  if (!schema) return '';
  /** @type {string | string[] | undefined} */
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

/**
 * Merges `allOf` parts into one object schema.
 * @param {Schema} schema
 * @returns {Schema}
 */
export function mergeAllOf(schema) {
  if (!schema.allOf) return schema;
  /** @type {Schema & {properties: Record<string, Schema>, required: string[]}} */
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
 * @param {Schema | undefined} schema
 * @returns {FieldRow[]}
 */
export function schemaFields(schema, prefix = '', depth = 0) {
  /** @type {FieldRow[]} */
  const rows = [];
  const object = schema && mergeAllOf(schema);
  if (!object || depth > 8) return rows;
  const target = object.type === 'array' || object.items ? object.items && mergeAllOf(object.items) : object;
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

/**
 * An example value for a schema: its own example, else one built from its properties.
 * @param {Schema | undefined} schema
 * @returns {unknown}
 */
export function exampleFor(schema, depth = 0) {
  const merged = schema && mergeAllOf(schema);
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
  /** @type {Record<string, unknown>} */
  const byType = {string: 'string', integer: 0, number: 0, boolean: false};
  return byType[String(type)] ?? null;
}

/**
 * The media type of a body and its media: JSON where the `content` map has it, else its first
 * entry; null without one. The page shows this type, so a body that is not JSON is not called JSON.
 * @param {Content | undefined} content
 * @returns {{type: string, media: Media} | null}
 */
export function bodyMedia(content) {
  if (!content) return null;
  const type = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
  return type === undefined ? null : {type, media: content[type]};
}

/**
 * The media of a body (see bodyMedia), or null.
 * @param {Content | undefined} content
 */
export const mediaOf = (content) => bodyMedia(content)?.media ?? null;
