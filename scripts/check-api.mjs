#!/usr/bin/env node
// The command line of `npm run check:api` and `npm run api:translations`; the check itself is part
// of the API reference plugin (src/plugins/api-reference/check.mjs), next to what it checks.
import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {runCli, UsageError} from './lib/cli.mjs';
import {apiPaths, checkApi} from '../src/plugins/api-reference/check.mjs';

const USAGE = `Usage: node scripts/check-api.mjs [--root <dir>] [--update-translations]

Checks the REST API reference:
  1. api/openapi.yaml is a valid OpenAPI document (@apidevtools/swagger-parser);
  2. every operation has an operationId, one declared tag, a summary, a description,
     an x-page naming an existing page of docs/api, described parameters and fields,
     a 403 response when it needs a token, and a schema and example for each 2xx body;
  3. each page of docs/api and its Italian twin holds exactly the ::operation{id="..."}
     directives of the operations whose x-page it is, in the definition's order;
  4. the pages' own text names no /api/v1 path, method + path, status code or
     parameter that the definition does not have;
  5. i18n/it/openapi.json translates every description the pages show, and nothing else;
  6. every operation's generated examples carry its required parameters (and those an
     x-required-if makes required), its token and body headers only when needed, and every
     request and response example validates against its schema;
  7. i18n/it/seerbox-api-reference/labels.json translates every label of the layout
     (headings, table headers, status meanings), and nothing else.
  --update-translations  add the missing descriptions to i18n/it/openapi.json with an
                         empty translation (to fill in) and drop unused ones (new labels:
                         npm run write-translations -- --locale it)
  --root                 project folder (default: the folder above this script)
Exit status: 0 all good, 1 problems found, 2 bad arguments.`;

runCli(
  import.meta.url,
  {
    name: 'check-api',
    usage: USAGE,
    options: {
      root: {type: 'string', default: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')},
      'update-translations': {type: 'boolean'},
    },
  },
  async (values) => {
    const root = path.resolve(values.root);
    if (!existsSync(apiPaths(root).spec)) throw new UsageError(`${apiPaths(root).spec} does not exist`);
    const {problems, operations, strings} = await checkApi(root, {update: values['update-translations']});
    for (const problem of problems) console.log(`  ✗ ${problem}`);
    console.log(
      `check-api: ${operations} operations, ${strings ?? 0} translated descriptions, ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
    );
    return problems.length ? 1 : 0;
  },
);
