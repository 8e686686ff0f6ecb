import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import routeTable from '../fixtures/routes.json' with {type: 'json'};
import {parseFrontMatter} from '../../scripts/lib/front-matter.mjs';
import {ITALIAN_DOCS_DIR} from '../../src/utils/sitePaths.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** Front matter of a Markdown file; fails the test when there is none. */
function frontMatter(file: string): Record<string, string> {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.startsWith('---'), `${file}: no front matter`);
  return parseFrontMatter(text).fields;
}

function docFile(routePath: string): string | undefined {
  const base = path.join(root, 'docs', routePath.replace(/\/$/, routePath.endsWith('/') ? '/index' : ''));
  return ['.md', '.mdx'].map((ext) => base + ext).find((file) => existsSync(file));
}

const categoryFiles = readdirSync(path.join(root, 'docs'), {recursive: true, encoding: 'utf8'})
  .filter((file) => file.endsWith('_category_.json'))
  .map((file) => path.join(root, 'docs', file));
const categories = categoryFiles.map((file) => ({file, ...JSON.parse(readFileSync(file, 'utf8'))}));

test('every doc route has a source page with a title and a description', () => {
  for (const route of routeTable.routes.filter((r) => r.kind === 'doc')) {
    const file = docFile(route.path);
    assert.ok(file, `no source file for ${route.path}`);
    const fields = frontMatter(file);
    assert.ok(fields.title, `${file}: missing title`);
    assert.ok((fields.description ?? '').length >= 50, `${file}: description missing or shorter than 50 characters`);
  }
});

test('every category route is pinned by exactly one _category_.json in the right sidebar', () => {
  for (const route of routeTable.routes.filter((r) => r.kind === 'category')) {
    const owners = categories.filter((c) => c.link?.slug === route.path);
    assert.equal(owners.length, 1, `${route.path}: ${owners.length} categories claim it`);
    const folder = path.relative(path.join(root, 'docs'), owners[0].file).split(path.sep)[0];
    assert.equal(folder, route.sidebar, `${route.path} belongs to the ${route.sidebar} sidebar`);
    assert.ok((owners[0].link.description ?? '').length >= 50, `${route.path}: category needs a real description`);
  }
});

test('no generated category page exists that the route table does not list', () => {
  const listed = new Set(routeTable.routes.map((r) => r.path));
  for (const category of categories.filter((c) => c.link?.type === 'generated-index')) {
    assert.ok(listed.has(category.link.slug), `${category.file}: ${category.link.slug} is not in the route table`);
  }
});

test('every category label and description has an Italian translation', () => {
  const italian = JSON.parse(readFileSync(path.join(root, `${ITALIAN_DOCS_DIR}.json`), 'utf8')) as Record<
    string,
    {message: string}
  >;
  for (const category of categories) {
    const sidebar = path.relative(path.join(root, 'docs'), category.file).split(path.sep)[0];
    const key = `sidebar.${sidebar}.category.${category.label}`;
    assert.ok(italian[key]?.message, `${key} missing in current.json`);
    if (category.link?.description) {
      const descriptionKey = `${key}.link.generated-index.description`;
      assert.ok(italian[descriptionKey], `${descriptionKey} missing in current.json`);
      assert.notEqual(italian[descriptionKey].message, category.link.description, `${descriptionKey} is still English`);
    }
  }
});
