// The API definition as the tests read it: straight from the YAML with js-yaml, not through the
// API plugin's code, so a plugin bug cannot hide in the expected values.
import {readFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {API_DEFINITION} from '../../src/utils/sitePaths.mjs';

type Ref = {$ref?: string};
export type Operation = {
  operationId: string;
  'x-page': string;
  parameters?: Array<Ref & {name?: string}>;
  responses: Record<string, Ref & {content?: unknown}>;
};

export const definition = yaml.load(readFileSync(API_DEFINITION, 'utf8')) as {
  tags: Array<{name: string}>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

/** A local reference (`#/components/KIND/NAME`) replaced by what it points at. */
export function resolve<T extends Ref>(value: T): T {
  if (!value.$ref) return value;
  const [, , kind, name] = value.$ref.split('/');
  return definition.components[kind][name] as T;
}

/** Every operation with its method and path, in the definition's order. */
export const operations = Object.entries(definition.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, operation]) => typeof operation === 'object' && 'operationId' in operation)
    .map(([method, operation]) => ({method, path, operation, operationId: operation.operationId})),
);
