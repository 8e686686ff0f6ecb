/**
 * The words of the rendered operations' layout ("Request", "Responses", table headers, status
 * meanings). English is here, in the code; every other locale's text lives in
 * `i18n/<locale>/seerbox-api-reference/labels.json`, a Docusaurus translation file like the
 * theme's: `npm run write-translations -- --locale it` adds new labels to it (the plugin declares
 * them with getTranslationFiles, index.ts) and `npm run check:api` fails until they are translated.
 *
 * The remark plugin reads that file itself: it runs inside the docs plugin's MDX loader, which
 * has no access to another plugin's loaded translations.
 *
 * Plain ESM with JSDoc: `node scripts/check-api.mjs` imports it without a TypeScript loader.
 */
import fs from 'node:fs';
import path from 'node:path';
import {messageOf} from '../../utils/errors.mjs';
import {DEFAULT_LOCALE} from '../../utils/sitePaths.mjs';

/** The Docusaurus plugin's name: also the folder of its translation files under `i18n/<locale>/`. */
export const PLUGIN_NAME = 'seerbox-api-reference';
/** The translation file's path below that folder, without `.json` (as getTranslationFiles wants it). */
export const LABELS_FILE = 'labels';

/**
 * @typedef {{message: string, description: string}} TranslationMessage
 * @typedef {Record<string, TranslationMessage>} TranslationFileContent
 * @typedef {Record<string, string>} Labels  id → text in one locale
 */

/** @type {TranslationFileContent} */
export const ENGLISH_LABELS = {
  request: {message: 'Request', description: 'Heading of the request part of an API operation'},
  responses: {message: 'Responses', description: 'Heading of the responses part of an API operation'},
  example: {message: 'Example', description: 'Heading of the example calls of an API operation'},
  headers: {message: 'Headers', description: 'Title of the request headers table'},
  header: {message: 'Header', description: 'Column: the name of a request header'},
  value: {message: 'Value', description: 'Column: the value of a request header'},
  required: {message: 'Required', description: 'Column: whether a header, parameter or field is required'},
  yes: {message: 'Yes', description: 'Cell of the Required column'},
  no: {message: 'No', description: 'Cell of the Required column'},
  parameters: {message: 'Parameters', description: 'Title of the parameters table'},
  name: {message: 'Name', description: 'Column: the name of a parameter'},
  in: {message: 'In', description: 'Column: where a parameter goes (query, path, header)'},
  type: {message: 'Type', description: 'Column: the type of a parameter or field'},
  description: {message: 'Description', description: 'Column: the description of a header, parameter or field'},
  noParameters: {message: 'This operation takes no parameters.', description: 'Instead of an empty parameters table'},
  requestBody: {message: 'Request body', description: 'Title of the request body fields table'},
  requestBodyExample: {message: 'Request body example', description: 'Title of the request body example block'},
  field: {message: 'Field', description: 'Column: the name of a body field'},
  status: {message: 'Status', description: 'Column: an HTTP status code'},
  message: {message: 'Message', description: 'Column: the literal status message the API returns'},
  meaning: {message: 'Meaning', description: 'Column: what a status means'},
  responseFields: {
    message: 'Response fields',
    description: 'Title of the response fields table, followed by the status in brackets',
  },
  exampleResponse: {
    message: 'Example response',
    description: 'Title of the example response block, followed by the status in brackets',
  },
  oneOf: {message: 'One of', description: 'Before the allowed values of a parameter or field'},
  bearerNote: {
    message: 'The token from the sign-in operation: see Authentication in the API overview.',
    description: 'Description of the Authorization header, a link to the overview',
  },
  jsonNote: {message: 'The body is JSON.', description: 'Description of the Content-Type header'},
  noAuth: {message: 'This operation needs no token.', description: 'Instead of the Authorization header'},
  derivedTitle: {
    message: 'Check on your installation',
    description: 'Title of the note on operations marked x-derived',
  },
  derived: {
    message:
      'This operation follows the conventions of the other operations of the API. Call it once on your installation and compare the answer with this page before a script relies on its path and fields.',
    description: 'Note on operations marked x-derived',
  },
  'in.query': {message: 'query', description: 'A parameter in the query string (In column)'},
  'in.path': {message: 'path', description: 'A parameter in the path (In column)'},
  'in.header': {message: 'header', description: 'A parameter in a header (In column)'},
  'meaning.200': {message: 'The request succeeded.', description: 'Meaning of status 200'},
  'meaning.201': {message: 'The resource was created.', description: 'Meaning of status 201'},
  'meaning.204': {message: 'The request succeeded; there is no body.', description: 'Meaning of status 204'},
  'meaning.400': {message: 'The request was rejected; the message says why.', description: 'Meaning of status 400'},
  'meaning.401': {message: 'The credentials are wrong.', description: 'Meaning of status 401'},
  'meaning.403': {
    message: "The token's user is not allowed to perform this operation.",
    description: 'Meaning of status 403',
  },
  'meaning.404': {message: 'The resource does not exist.', description: 'Meaning of status 404'},
};

/** The English labels, id → text. */
export const englishLabels = () =>
  /** @type {Labels} */ (Object.fromEntries(Object.entries(ENGLISH_LABELS).map(([id, {message}]) => [id, message])));

/**
 * Where a locale's labels live: `<i18nDir>/<locale>/seerbox-api-reference/labels.json`.
 * @param {string} i18nDir
 * @param {string} locale
 */
export const labelsFile = (i18nDir, locale) => path.join(i18nDir, locale, PLUGIN_NAME, `${LABELS_FILE}.json`);

/**
 * Reads a locale's translation file as written by Docusaurus ({id: {message, description}}):
 * id → message, or null when the file does not exist.
 * @param {string} file
 * @returns {Labels | null}
 */
export function readLabelsFile(file) {
  if (!fs.existsSync(file)) return null;
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`"${file}" is not valid JSON: ${messageOf(error)}`);
  }
  return Object.fromEntries(
    Object.entries(data).map(([id, entry]) => {
      if (typeof entry?.message !== 'string') throw new Error(`"${file}": "${id}" has no "message" string`);
      return [id, entry.message];
    }),
  );
}

/**
 * The labels of `locale`: English for the default locale, else the locale's translation file,
 * which must exist and hold every label (a page half in English is a bug the build reports).
 * @param {string} i18nDir
 * @param {string} locale
 * @returns {Labels}
 */
export function loadLabels(i18nDir, locale, defaultLocale = DEFAULT_LOCALE) {
  if (locale === defaultLocale) return englishLabels();
  const file = labelsFile(i18nDir, locale);
  const labels = readLabelsFile(file);
  if (!labels) {
    throw new Error(
      `No labels for locale "${locale}": ${file} does not exist (npm run write-translations -- --locale ${locale})`,
    );
  }
  const missing = Object.keys(ENGLISH_LABELS).filter((id) => !labels[id]);
  if (missing.length) throw new Error(`${file} lacks the API labels ${missing.join(', ')} (npm run check:api)`);
  return labels;
}
