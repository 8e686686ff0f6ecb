import http from 'node:http';
import type {AddressInfo} from 'node:net';
import Ajv2020 from 'ajv/dist/2020.js';
import {loadDefinition} from '../../src/plugins/api-reference/definition.mjs';
import {isSecured, jsonMedia} from '../../src/plugins/api-reference/examples.mjs';

type Parameter = {name: string; in: string; required?: boolean; 'x-required-if'?: string; schema?: {type?: string}};
type Entry = {
  operationId: string;
  method: string;
  path: string;
  operation: {
    parameters: Parameter[];
    security?: unknown[];
    requestBody?: {content?: Record<string, {schema?: object}>};
    responses?: Record<string, {content?: Record<string, {example?: unknown}>}>;
  };
};

/** One request the mock received: the operation it matched (null if none) and what was wrong with it. */
export type Received = {method: string; url: string; operationId: string | null; problems: string[]};

export type MockApi = {origin: string; received: Received[]; close: () => Promise<void>};

const valueProblem = (parameter: Parameter, value: string) => {
  const type = parameter.schema?.type;
  if (type === 'boolean' && !/^(true|false)$/.test(value)) return `${parameter.name}=${value} is not a boolean`;
  if (type === 'integer' && !/^-?\d+$/.test(value)) return `${parameter.name}=${value} is not an integer`;
  return null;
};

/** What is wrong with a request against its operation (empty when it is what the definition asks). */
function requestProblems(entry: Entry, url: URL, headers: http.IncomingHttpHeaders, body: string, token: string) {
  const problems: string[] = [];
  const parameters = entry.operation.parameters ?? [];
  for (const name of new Set(url.searchParams.keys())) {
    const parameter = parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
    if (!parameter) problems.push(`unknown query parameter ${name}`);
    else
      for (const value of url.searchParams.getAll(name)) {
        const problem = valueProblem(parameter, value);
        if (problem) problems.push(problem);
      }
  }
  for (const parameter of parameters.filter((candidate) => candidate.in === 'query')) {
    const condition = parameter['x-required-if'];
    const required = parameter.required || (condition && url.searchParams.get(condition) === 'true');
    if (required && !url.searchParams.has(parameter.name)) problems.push(`missing query parameter ${parameter.name}`);
  }
  const authorization = headers.authorization;
  if (isSecured(entry.operation)) {
    if (authorization !== `Bearer ${token}`) problems.push(`Authorization is ${JSON.stringify(authorization)}`);
  } else if (authorization !== undefined) problems.push('Authorization sent to an operation that needs none');
  const media = jsonMedia(entry.operation.requestBody?.content) as {schema?: object} | null;
  const contentType = headers['content-type'];
  if (media) {
    if (!contentType?.startsWith('application/json')) problems.push(`Content-Type is ${JSON.stringify(contentType)}`);
    try {
      const ajv = new Ajv2020({strict: false, validateFormats: false});
      if (!ajv.validate(media.schema ?? {}, JSON.parse(body)))
        problems.push(`body does not match its schema: ${ajv.errorsText()}`);
    } catch {
      problems.push('body is not JSON');
    }
  } else {
    if (contentType !== undefined) problems.push('Content-Type sent without a body');
    if (body.length) problems.push('body sent to an operation that takes none');
  }
  return problems;
}

/** The operation a method and path belong to, with its path parameters. */
function match(operations: Entry[], method: string, pathname: string) {
  for (const entry of operations) {
    if (entry.method.toUpperCase() !== method) continue;
    const pattern = new RegExp(`^${entry.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    const found = pattern.exec(pathname);
    if (found) return {entry, values: found.slice(1).map(decodeURIComponent)};
  }
  return null;
}

/**
 * A mock of the Seer Box API made from api/openapi.yaml, on loopback: it checks
 * method, path, query, headers, token and body of each request against the
 * operation and answers with the operation's 2xx example (400 with the
 * problems otherwise). It allows cross-origin calls, as a Seer Box that
 * accepts the browser "Try it" would have to.
 */
export async function startMockApi({specPath, token}: {specPath: string; token: string}): Promise<MockApi> {
  const {operations} = loadDefinition(specPath) as {operations: Entry[]};
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://mock');
      const found = match(operations, request.method ?? '', url.pathname);
      const problems = found
        ? requestProblems(found.entry, url, request.headers, Buffer.concat(chunks).toString('utf8'), token)
        : [`no operation ${request.method} ${url.pathname}`];
      if (found?.values.some((value) => !value)) problems.push('empty path parameter');
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        operationId: found?.entry.operationId ?? null,
        problems,
      });
      const success =
        found && Object.entries(found.entry.operation.responses ?? {}).find(([status]) => status.startsWith('2'));
      const [status, body] =
        problems.length || !success
          ? [400, {status: 'error', message: problems.join('; ')}]
          : [Number(success[0]), success[1].content?.['application/json']?.example ?? {}];
      response.writeHead(status, {'Content-Type': 'application/json', ...cors}).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
