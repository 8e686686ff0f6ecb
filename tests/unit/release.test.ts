import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {API_DEFINITION} from '../../src/utils/sitePaths.mjs';

const {version} = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string};

/**
 * Files that may spell the release: package.json (the source) and its lock file, the API
 * definition (the product API's version, held equal below), the changelog pages (facts about
 * the release) and the provenance records (what was looked up, for which release).
 */
const allowed = [
  /^package(-lock)?\.json$/,
  /^api\/openapi\.yaml$/,
  /^docs\/main\/resources\/changelog\.md$/,
  /^i18n\/it\/docusaurus-plugin-content-docs\/current\/main\/resources\/changelog\.md$/,
  /^provenance\//,
];
const folders = ['api', 'deploy', 'docs', 'i18n', 'provenance', 'scripts', 'src', 'static', 'tests', '.ci', '.github'];
/** Generated or vendored folders, not ours to spell anything in. */
const generated = /^(static\/swagger\/(vendor\/|openapi\.yaml)|tests\/\.tmp)/;

function sourceFiles(): string[] {
  const top = readdirSync('.', {withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  const nested = folders.flatMap((folder) =>
    readdirSync(folder, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative('.', path.join(entry.parentPath, entry.name))),
  );
  return [...top, ...nested].filter((file) => !generated.test(file));
}

test('the release is spelled only in package.json and the files allowed to state it', () => {
  const files = sourceFiles();
  assert.ok(files.length > 300, `only ${files.length} files found`);
  const spelled = files.filter(
    (file) => !allowed.some((pattern) => pattern.test(file)) && readFileSync(file, 'latin1').includes(version),
  );
  assert.deepEqual(spelled, [], `read the release from package.json instead (${version})`);
});

test("the API definition's version is the release", () => {
  const definition = yaml.load(readFileSync(API_DEFINITION, 'utf8')) as {info: {version: string}};
  assert.equal(definition.info.version, version);
});
