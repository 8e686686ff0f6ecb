import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {test, expect, routes, localePath} from './helpers';

// "Edit this page" links and last-updated dates (docusaurus.config.ts: editUrl,
// editLocalizedFiles, showLastUpdateTime). The build and this test read the same variable.
const editUrlBase = process.env.EDIT_URL_BASE ?? 'https://github.com/pluribus-one/seer-box-docs/edit/main/';
// Playwright runs from the repository root (playwright.config.ts).
const ROOT = process.cwd();
const ITALIAN_DOCS = 'i18n/it/docusaurus-plugin-content-docs/current/';

/** The repository file an edit link points at (the part after the base URL). */
function editedFile(href: string | null): string {
  expect(href, 'edit link').not.toBeNull();
  expect(href!.startsWith(editUrlBase), `${href} starts with ${editUrlBase}`).toBe(true);
  return href!.slice(editUrlBase.length);
}

/** Git's last commit time of a file, as Docusaurus reads it (`%ct`), in milliseconds. */
function gitLastCommit(file: string): number {
  return Number(execFileSync('git', ['log', '-1', '--format=%ct', '--', file], {cwd: ROOT, encoding: 'utf8'})) * 1000;
}

test.skip(editUrlBase === '', 'EDIT_URL_BASE is empty: the build has no edit links');

test('an English page links to its source under docs/ and shows its last git change', async ({page}) => {
  await page.goto('/main/architecture');
  const edit = page.getByRole('link', {name: 'Edit this page'});
  await expect(edit).toBeVisible();
  expect(editedFile(await edit.getAttribute('href'))).toBe('docs/main/architecture.md');
  await expect(edit).toHaveAttribute('target', '_blank');

  const updated = page.locator('.theme-last-updated');
  await expect(updated).toContainText('Last updated on');
  const time = await updated.locator('time').getAttribute('datetime');
  expect(Date.parse(time!)).toBe(gitLastCommit('docs/main/architecture.md'));
});

test('an Italian page links to its own file under i18n/it/ and shows no date', async ({page}) => {
  await page.goto('/it/main/architecture');
  const edit = page.getByRole('link', {name: 'Modifica questa pagina'});
  await expect(edit).toBeVisible();
  expect(editedFile(await edit.getAttribute('href'))).toBe(`${ITALIAN_DOCS}main/architecture.md`);
  await expect(page.locator('.theme-last-updated')).toHaveCount(0);
});

test('the stand-alone Markdown page links to its source in each language, dated in English', async ({page}) => {
  await page.goto('/markdown-page');
  expect(editedFile(await page.locator('a.theme-edit-this-page').getAttribute('href'))).toBe(
    'src/pages/markdown-page.md',
  );
  await expect(page.locator('.theme-last-updated')).toContainText('Last updated on');
  await page.goto('/it/markdown-page');
  expect(editedFile(await page.locator('a.theme-edit-this-page').getAttribute('href'))).toBe(
    'i18n/it/docusaurus-plugin-content-pages/markdown-page.md',
  );
  await expect(page.locator('.theme-last-updated')).toHaveCount(0);
});

test('every doc page, in both languages, links to an existing source file of its language', async ({request}) => {
  const docs = routes.filter((route) => route.kind === 'doc');
  expect(docs.length).toBeGreaterThan(50);
  for (const route of docs) {
    const [english, italian] = await Promise.all(
      (['en', 'it'] as const).map(async (locale) => {
        const response = await request.get(localePath(route.path, locale));
        expect(response.status(), route.path).toBe(200);
        const html = await response.text();
        const href = /<a href="?([^"\s>]+)"?[^>]*class="?theme-edit-this-page/.exec(html)?.[1] ?? null;
        const hasDate = /class="?theme-last-updated/.test(html);
        return {file: editedFile(href), hasDate};
      }),
    );
    expect(english.file, route.path).toMatch(/^docs\/.+\.mdx?$/);
    expect(existsSync(path.join(ROOT, english.file)), english.file).toBe(true);
    expect(english.hasDate, `${route.path}: last updated date`).toBe(true);
    // The Italian twin sits at the same relative path under i18n/it/.
    expect(italian.file, localePath(route.path, 'it')).toBe(english.file.replace(/^docs\//, ITALIAN_DOCS));
    expect(existsSync(path.join(ROOT, italian.file)), italian.file).toBe(true);
    expect(italian.hasDate, `${localePath(route.path, 'it')}: no date`).toBe(false);
  }
});
