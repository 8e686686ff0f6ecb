// @ts-check
/**
 * The command line every script shares: options declared for node:util's parseArgs, --help, and
 * the exit codes 0 (success), 1 (check failed or error) and 2 (bad usage), run only when the
 * script is the one node was started with, so tests can import its functions.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {messageOf} from '../../src/utils/errors.mjs';

/** Bad usage: the script prints the message and its usage, and exits 2. */
export class UsageError extends Error {}

/**
 * @typedef {NonNullable<import('node:util').ParseArgsConfig['options']>} Options
 * @typedef {{help: {type: 'boolean', short: 'h'}}} Help
 */

/**
 * The options and positionals of `argv` (with `--help`/`-h` added); a UsageError on anything
 * undeclared. Typed by node:util's own ParsedResults, so a script whose option table is a literal
 * (or `@type {const}`) gets each value with its declared type, defaults included.
 * @template {Options} [O={}]
 * @template {boolean} [P=false]
 * @param {string[]} argv
 * @param {{options?: O, allowPositionals?: P}} [spec]
 */
export function parseCommandLine(argv, spec = {}) {
  const config = {
    args: argv,
    options: /** @type {Help & O} */ ({help: {type: 'boolean', short: 'h'}, ...spec.options}),
    allowPositionals: /** @type {P} */ (spec.allowPositionals ?? false),
    strict: /** @type {const} */ (true),
  };
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
}

/**
 * True when `moduleUrl` (the script's import.meta.url) is the script node was started with.
 * @param {string} moduleUrl
 */
export const isMain = (moduleUrl) =>
  Boolean(process.argv[1]) && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);

/**
 * A whole number from an option's text, or a UsageError naming the option.
 * @param {string} name
 * @param {string | undefined} raw
 * @param {number} fallback
 */
export function wholeNumber(name, raw, fallback) {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} needs a whole number, got "${raw}"`);
  return Number(raw);
}

/**
 * Runs `main(values, positionals)` when the script at `moduleUrl` is the one node started.
 * `--help` prints `usage` and exits 0; bad usage prints the message and the usage and exits 2;
 * main's return value is the exit code (0 when it returns nothing); any other error prints its
 * message and exits 1.
 * @template {Options} [O={}]
 * @template {boolean} [P=false]
 * @param {string} moduleUrl
 * @param {{name: string, usage: string, options?: O, allowPositionals?: P}} command
 * @param {(values: ReturnType<typeof parseCommandLine<O, P>>['values'], positionals: string[]) => number | void | Promise<number | void>} main
 */
export function runCli(moduleUrl, {name, usage, ...spec}, main) {
  if (!isMain(moduleUrl)) return;
  Promise.resolve()
    .then(() => {
      const {values, positionals} = parseCommandLine(process.argv.slice(2), spec);
      if (/** @type {{help?: boolean}} */ (values).help) {
        console.log(usage);
        return 0;
      }
      return main(values, positionals);
    })
    .then(
      (code) => {
        process.exitCode = typeof code === 'number' ? code : 0;
      },
      (error) => {
        const usageError = error instanceof UsageError;
        console.error(`${name}: ${error.message}${usageError ? `\n\n${usage}` : ''}`);
        process.exitCode = usageError ? 2 : 1;
      },
    );
}
