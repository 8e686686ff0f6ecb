// The offline bundle's bill of materials (scripts/bundle.mjs writeSbom, cyclonedx-npm from
// package-lock.json): CycloneDX JSON listing what the site is made from, with versions and
// licences, and none of the tools that only build or test it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {writeSbom} from '../../scripts/bundle.mjs';
import {tempDir} from '../support/temp.ts';

type Licence = {license?: {id?: string; name?: string}; expression?: string};
type Component = {group?: string; name: string; version: string; licenses?: Licence[]};

/** An SPDX id, a licence name or an SPDX expression ("(MPL-2.0 OR Apache-2.0)"). */
const licenceOf = (c?: Component) => c?.licenses?.map((l) => l.license?.id ?? l.license?.name ?? l.expression)[0];

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

test('the SBOM lists React, Docusaurus, Swagger UI, Pagefind and the rest with versions and licences', () => {
  const file = path.join(tempDir('sbom'), 'sbom.cdx.json');
  writeSbom(file);
  const bom = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(bom.bomFormat, 'CycloneDX');
  assert.match(bom.specVersion, /^1\.\d+$/);
  assert.equal(bom.metadata.component.name, 'seer-box-docs');
  assert.equal(bom.serialNumber, undefined, 'no random serial number: the same lock file, the same bytes');
  assert.equal(bom.metadata.timestamp, undefined);

  const components: Component[] = bom.components;
  const byName = new Map(components.map((c) => [c.group ? `${c.group}/${c.name}` : c.name, c]));
  for (const name of [
    'react',
    'react-dom',
    '@docusaurus/core',
    '@docusaurus/theme-classic',
    'swagger-ui-dist',
    'pagefind',
    'mermaid',
    'dompurify',
    'prismjs',
  ]) {
    const component = byName.get(name);
    assert.ok(component, `${name} is listed`);
    // The version installed by the lock file, and a licence (an SPDX id).
    assert.equal(component.version, lock.packages[`node_modules/${name}`].version, `${name} version`);
    assert.ok(licenceOf(component), `${name} has a licence`);
  }
  assert.equal(licenceOf(byName.get('swagger-ui-dist')), 'Apache-2.0');
  assert.equal(licenceOf(byName.get('react')), 'MIT');
  // Build and test tools only (devDependencies) are not what readers get.
  for (const name of ['eslint', 'prettier', '@playwright/test', 'vnu-jar', '@cyclonedx/cyclonedx-npm']) {
    assert.ok(!byName.has(name), `${name} (a devDependency) is left out`);
  }
  const unlicensed = components.filter((c) => !licenceOf(c)).map((c) => c.name);
  assert.ok(unlicensed.length < 10, `few packages without a declared licence: ${unlicensed.join(', ')}`);
  console.log(`sbom: ${components.length} components, ${unlicensed.length} without a declared licence`);
});
