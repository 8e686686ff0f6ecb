/**
 * The example request of an operation, and the same request as code in the
 * languages integrators use, generated at build time by httpsnippet (Kong's
 * maintained snippet generator) from one HAR request built from the definition.
 *
 * The request carries every required parameter (and the ones an `x-required-if`
 * makes required when the example sets that parameter to true) with the
 * parameter's example value, the bearer header when the operation needs a
 * token, and a JSON body with its Content-Type only when the operation has a
 * body. The same request is what `npm run check:api` checks and what the
 * example test sends to the mock API (tests/unit/api-reference/api-examples.test.ts).
 */
import {HTTPSnippet} from 'httpsnippet';

/**
 * @typedef {import('./definition.mjs').Operation} Operation
 * @typedef {import('./definition.mjs').OperationEntry} OperationEntry
 * @typedef {import('./definition.mjs').Parameter} Parameter
 * @typedef {{name: string, value: string}} Pair
 * @typedef {{method: string, url: string, httpVersion: string, queryString: Pair[], headers: Pair[],
 *   cookies: Pair[], postData?: {mimeType: string, text: string}}} HarRequest
 * @typedef {{origin?: string, token?: string}} ExampleOptions
 */

/** Placeholders the reader replaces (the API overview page says so). */
export const EXAMPLE_ORIGIN = 'https://seerbox.example:53443';
export const EXAMPLE_TOKEN = 'YOUR_TOKEN';

/** Tab value, tab label, code-block language and httpsnippet target/client of each language. */
export const LANGUAGES = [
  {value: 'curl', label: 'curl', lang: 'bash', target: 'shell', client: 'curl'},
  {value: 'python', label: 'Python', lang: 'python', target: 'python', client: 'requests'},
  {value: 'javascript', label: 'JavaScript', lang: 'js', target: 'javascript', client: 'fetch'},
  {value: 'powershell', label: 'PowerShell', lang: 'powershell', target: 'powershell', client: 'restmethod'},
];

/**
 * Whether an operation needs a token (an empty `security` list means it does not).
 * @param {Pick<Operation, 'security'>} operation
 */
export const isSecured = (operation) => !Array.isArray(operation.security) || operation.security.length > 0;

/**
 * The JSON media of a `content` map, or null.
 * @param {import('./definition.mjs').Content | undefined} content
 */
export const jsonMedia = (content) => content?.['application/json'] ?? null;

/**
 * An example value of a parameter: its own, its schema's, else one by type.
 * @param {Parameter} parameter
 * @returns {unknown}
 */
export function parameterExample(parameter) {
  const schema = parameter.schema ?? {};
  if (parameter.example !== undefined) return parameter.example;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  /** @type {Record<string, unknown>} */
  const byType = {boolean: true, integer: 1, number: 1};
  return byType[String(schema.type)] ?? parameter.name.toUpperCase();
}

/**
 * The parameters an example must carry: the required ones, and those whose
 * `x-required-if` names a parameter the example sets to true.
 * @param {Operation} operation
 */
export function exampleParameters(operation) {
  const parameters = operation.parameters ?? [];
  const chosen = parameters.filter((parameter) => parameter.required);
  const isTrue = (/** @type {string} */ name) =>
    chosen.some((parameter) => parameter.name === name && parameterExample(parameter) === true);
  for (const parameter of parameters) {
    if (!parameter.required && parameter['x-required-if'] && isTrue(parameter['x-required-if'])) chosen.push(parameter);
  }
  return chosen;
}

/**
 * The example request of an operation, as a HAR request (what httpsnippet takes).
 * @param {OperationEntry} entry
 * @param {ExampleOptions} [options]
 */
export function exampleRequest(
  {method, path: apiPath, operation},
  {origin = EXAMPLE_ORIGIN, token = EXAMPLE_TOKEN} = {},
) {
  const parameters = exampleParameters(operation);
  const url = new URL(
    apiPath.replace(/\{([^}]+)\}/g, (_, name) => {
      const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
      if (!parameter) throw new Error(`${method.toUpperCase()} ${apiPath}: path parameter ${name} is not declared`);
      return encodeURIComponent(String(parameterExample(parameter)));
    }),
    origin,
  );
  const queryString = parameters
    .filter((parameter) => parameter.in === 'query')
    .flatMap((parameter) => {
      const value = parameterExample(parameter);
      return (Array.isArray(value) ? value : [value]).map((item) => ({name: parameter.name, value: String(item)}));
    });
  /** @type {Pair[]} */
  const headers = [];
  if (isSecured(operation)) headers.push({name: 'Authorization', value: `Bearer ${token}`});
  /** @type {HarRequest} */
  const request = {
    method: method.toUpperCase(),
    url: url.href,
    httpVersion: 'HTTP/1.1',
    queryString,
    headers,
    cookies: [],
  };
  const media = jsonMedia(operation.requestBody?.content);
  if (media) {
    headers.push({name: 'Content-Type', value: 'application/json'});
    request.postData = {mimeType: 'application/json', text: JSON.stringify(media.example)};
  }
  return request;
}

/**
 * The example request as code, one entry per language of LANGUAGES.
 * @param {OperationEntry} entry
 * @param {ExampleOptions} [options]
 */
export function exampleSnippets(entry, options) {
  // httpsnippet's HAR types are stricter than the request we build (checked by its own validation).
  const snippet = new HTTPSnippet(/** @type {any} */ (exampleRequest(entry, options)));
  return LANGUAGES.map((language) => {
    const code = snippet.convert(/** @type {any} */ (language.target), language.client, {indent: '  '});
    if (typeof code !== 'string')
      throw new Error(`httpsnippet produced no ${language.label} code for ${entry.operationId}`);
    return {...language, code: code.trimEnd()};
  });
}

/**
 * Problems of an example against its operation, read back from the generated
 * `curl` command: a required parameter missing, a path template left
 * unfilled, a body header without a body or a body without its header.
 * @param {OperationEntry} entry
 * @param {string} curl
 */
export function exampleProblems({operation}, curl) {
  const problems = [];
  const urlMatch = /--url '([^']+)'|--url (\S+)/.exec(curl);
  if (!urlMatch) return ['the curl example has no --url'];
  const url = new URL(urlMatch[1] ?? urlMatch[2]);
  if (/[{}]|%7B|%7D/i.test(url.pathname)) problems.push(`the example path ${url.pathname} still holds a {template}`);
  // Read from the definition, not from exampleParameters, so that a fault there shows here.
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const condition = parameter['x-required-if'];
    const required = parameter.required || (condition && url.searchParams.get(condition) === 'true');
    if (required && !url.searchParams.has(parameter.name))
      problems.push(`the example lacks the required query parameter ${parameter.name}`);
  }
  const hasBody = /--data\b|--data-raw\b|-d /.test(curl);
  const hasContentType = /content-type:/i.test(curl);
  if (hasContentType && !hasBody) problems.push('the example sends Content-Type without a body');
  if (jsonMedia(operation.requestBody?.content) && !hasBody) problems.push('the example lacks the request body');
  if (isSecured(operation) !== /authorization: bearer/i.test(curl))
    problems.push(
      isSecured(operation) ? 'the example lacks the bearer token' : 'the example sends a token it does not need',
    );
  return problems;
}
