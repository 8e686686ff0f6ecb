// The steps of a documentation page, as an outcome test runs them: the code blocks of one section
// (and tab), with the placeholders filled, never a copy of the commands in the test.
import {readFileSync, existsSync} from 'node:fs';
import {spawnSync} from 'node:child_process';
import type {TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {codeBlocks, type CodeBlock} from './code-blocks';
import {PLACEHOLDERS} from '../../scripts/check-samples.mjs';

/** A page's Markdown, split so that a test can find a step by its heading and tab. */
export class PageSteps {
  readonly markdown: string;
  constructor(readonly file: string) {
    this.markdown = readFileSync(file, 'utf8');
  }

  /** The text under the `##` heading that starts with `heading`, up to the next `##` heading. */
  section(heading: string): string {
    const parts = this.markdown.split(/^(?=## )/m).filter((part) => part.startsWith(`## ${heading}`));
    assert.equal(parts.length, 1, `${this.file}: expected one section "## ${heading}…", found ${parts.length}`);
    return parts[0];
  }

  /** The code blocks of a section, or of one `<TabItem value="…">` in it. */
  blocks(heading: string, tab?: string): CodeBlock[] {
    let text = this.section(heading);
    if (tab) {
      const item = new RegExp(`<TabItem value="${tab}"[^>]*>([\\s\\S]*?)</TabItem>`).exec(text);
      assert.ok(item, `${this.file}: section "${heading}" has no tab "${tab}"`);
      text = item[1];
    }
    return codeBlocks(text);
  }

  /**
   * A step's code with its placeholders filled (see `fill`), after checking that the page tells the
   * reader what each one is: it must appear in the page's text (the table of values, or a
   * sentence), not only inside code blocks.
   */
  fill(code: string, values: Record<string, string> = {}): string {
    const prose = this.markdown.replace(/^(\s*)(`{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '');
    for (const name of new Set(code.match(/<[A-Z][A-Z_]+>/g) ?? [])) {
      assert.ok(prose.includes(name), `${this.file}: the page never says what ${name} is`);
    }
    return fill(code, values);
  }

  /** The one block of a section (and tab) whose code matches `pattern`. */
  block(heading: string, pattern: RegExp, tab?: string): CodeBlock {
    const found = this.blocks(heading, tab).filter((block) => pattern.test(block.code));
    assert.equal(
      found.length,
      1,
      `${this.file}: expected one block matching ${pattern} in "${heading}", found ${found.length}`,
    );
    return found[0];
  }
}

/**
 * `code` with every `<PLACEHOLDER>` replaced: first from `values`, then from the sample check's
 * single list (scripts/check-samples.mjs). A placeholder left unfilled fails the test.
 */
export function fill(code: string, values: Record<string, string> = {}): string {
  const all: Record<string, string> = {...PLACEHOLDERS, ...values};
  const filled = code.replace(/<[A-Za-z_][\w-]*>/g, (name) => all[name] ?? name);
  const left = /<[A-Z][A-Z_]+>/.exec(filled);
  assert.equal(left, null, `placeholder ${left?.[0]} has no value`);
  return filled;
}

/** True when `command` runs (found on PATH, or an absolute path that exists). */
export const hasCommand = (command: string) =>
  command.startsWith('/') ? existsSync(command) : spawnSync('sh', ['-c', `command -v "${command}"`]).status === 0;

/**
 * Skips the test, with `why`, when a prerequisite is missing outside CI; under CI=true the same
 * absence fails, because .ci/run installs every prerequisite.
 */
export function requireOrSkip(t: TestContext, present: boolean, why: string): boolean {
  if (present) return true;
  if (process.env.CI === 'true') assert.fail(`${why} (.ci/run provides it on CI)`);
  t.skip(why);
  return false;
}

/** The folder where .ci/run (or tests/outcome/tools.sh) unpacked the tools that are not installed. */
export const unpackedTools = process.env.SEERBOX_OUTCOME_TOOLS ?? '';

/** A tool at its installed path, else under the unpacked tools, else undefined. */
export function toolPath(installed: string): string | undefined {
  if (existsSync(installed)) return installed;
  const unpacked = `${unpackedTools}${installed}`;
  return unpackedTools && existsSync(unpacked) ? unpacked : undefined;
}
