import {test} from 'node:test';
import assert from 'node:assert/strict';
import {builtinModules} from 'node:module';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;
const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
/** Docusaurus's webpack aliases (@theme, @site, @generated and its own client modules), not packages. */
const virtual =
  /^(@theme(-original|-init)?|@site|@generated)(\/|$)|^@docusaurus\/(Link|Translate|Head|router|useDocusaurusContext|useBaseUrl|useIsBrowser|ExecutionEnvironment|ErrorBoundary|BrowserOnly|Interpolate|isInternalUrl|renderRoutes|useRouteContext|useGlobalData|Noop|constants)$/;

/** The package an import specifier names (`@scope/name` or `name`), or null for relative and built-in ones. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (virtual.test(specifier)) return null;
  // A regular expression or a quoted example in a test, not an import.
  if (specifier.includes('\\') || specifier.length < 2) return null;
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  return builtinModules.includes(name) ? null : name;
}

const code = /\.(mjs|js|ts|tsx)$/;
const files = [
  ...readdirSync('.').filter((file) => code.test(file)),
  ...['src', 'scripts', 'tests'].flatMap((folder) =>
    readdirSync(folder, {recursive: true, encoding: 'utf8'})
      // This file's own examples are not imports.
      .filter((file) => code.test(file) && !file.includes('.tmp') && !file.endsWith('dependencies.test.ts'))
      .map((file) => path.join(folder, file)),
  ),
];
const importRe = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\(\s*)['"]([^'"\n]+)['"]/g;

test('every package the code imports is declared in package.json', () => {
  assert.ok(files.length > 100, `only ${files.length} files`);
  const missing = new Map<string, string>();
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importRe)) {
      const name = packageOf(specifier);
      // Type-only packages are declared as @types/NAME.
      const known = name === null || declared.has(name) || declared.has(`@types/${name}`);
      if (!known && !missing.has(name)) missing.set(name, file);
    }
  }
  assert.deepEqual(Object.fromEntries(missing), {}, 'imported but not declared (package: first file)');
});

test('the import scanner sees scoped, deep and dynamic imports, and skips aliases and built-ins', () => {
  const found = [
    ...`import a from '@scope/pkg/deep'; const b = await import("lib/sub"); require('node:fs');
import '@theme/Layout'; import x from '@docusaurus/Link'; import y from 'fs';`.matchAll(importRe),
  ].map(([, specifier]) => packageOf(specifier));
  assert.deepEqual(found, ['@scope/pkg', 'lib', null, null, null, null]);
});
