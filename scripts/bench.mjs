#!/usr/bin/env node
/**
 * npm run bench: builds the production site of both locales twice (cold,
 * after `docusaurus clear`, then warm), samples the build's peak memory, and
 * weighs the result: first-load JS and CSS of four kinds of page (raw and
 * gzip), the search index of each locale and the whole build. What a browser
 * fetches until idle is measured, and printed, by tests/e2e/weight.spec.ts. Prints one JSON object on stdout;
 * progress goes to stderr. Wall-clock figures are reported, never asserted.
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseCommandLine, runCli, UsageError} from './lib/cli.mjs';
import {listFiles} from './lib/files.mjs';
import {fileForUrl, fileWeight, folderSize, htmlAssets, sumWeights} from './lib/weights.mjs';
import {LOCALES, localeFolder} from '../src/utils/sitePaths.mjs';

const usage = `Usage: node scripts/bench.mjs [--skip-build] [--dir build]

Builds both locales cold and warm, then prints build time, peak memory and page weights as JSON.
  --skip-build   weigh the existing build only (no build times or memory)
  --dir DIR      the build folder (default: build)
Exit status: 0 success, 1 a build or measurement failed, 2 bad usage.`;

/** The pages weighed: one of each kind, in both locales. */
export const benchPages = {
  home: '/',
  guide: '/main/installation/linux',
  api: '/api/assets/hosts',
  category: '/category/installation',
};

const command = /** @type {const} */ ({
  name: 'bench',
  usage,
  options: {'skip-build': {type: 'boolean'}, dir: {type: 'string', default: 'build'}},
});
/** @typedef {{'skip-build'?: boolean, dir: string}} Values */
const toOptions = (/** @type {Values} */ values) => ({build: !values['skip-build'], dir: values.dir});
/** The options of a command line (a UsageError on bad input). */
export const parseArgs = (/** @type {string[]} */ argv) => toOptions(parseCommandLine(argv, command).values);

/**
 * Resident memory (bytes) of a process and all its descendants, from /proc (Linux).
 * @param {number} rootPid
 */
export function treeRss(rootPid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  /** @type {(pid: number) => number} */
  const rss = (pid) => {
    let own = 0;
    try {
      own = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
    return (children.get(pid) ?? []).reduce((total, child) => total + rss(child), own);
  };
  return rss(rootPid);
}

/** @typedef {{seconds: number, peakMemoryMB: number | null}} Timing */

/**
 * Runs a command, returning its duration and the peak memory of its process tree.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<Timing>}
 */
function timed(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, {stdio: ['ignore', 'ignore', 'inherit'], env: {...process.env, ...env}});
    let peak = 0;
    const canSample = existsSync('/proc/self/status');
    const sampler = setInterval(() => {
      if (canSample && child.pid) peak = Math.max(peak, treeRss(child.pid));
    }, 100);
    child.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    child.on('close', (code) => {
      clearInterval(sampler);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
      else
        resolve({seconds: Math.round(seconds * 10) / 10, peakMemoryMB: canSample ? Math.round(peak / 2 ** 20) : null});
    });
  });
}

const bin = (/** @type {string} */ name) => path.join('node_modules', '.bin', name);

/** @typedef {ReturnType<typeof sumWeights>} Total */

/**
 * Weight of a page's first load as its HTML names it (the budget's measure).
 * @param {string} dir
 * @param {string} pagePath
 */
function staticWeights(dir, pagePath) {
  const file = path.join(dir, pagePath === '/' ? '' : pagePath, 'index.html');
  const {scripts, styles} = htmlAssets(readFileSync(file, 'utf8'));
  const files = (/** @type {string[]} */ urls) =>
    urls.flatMap((url) => fileForUrl(dir, url) ?? []).filter((found) => existsSync(found));
  return {html: fileWeight(file), js: sumWeights(files(scripts)), css: sumWeights(files(styles))};
}

/**
 * Each language's Pagefind bundle: all of it, and what every first search loads (code, WebAssembly, entry).
 * @param {string} dir
 */
export function searchIndexes(dir) {
  /** @type {Record<string, {all: Total, everySearch: Total}>} */
  const result = {};
  for (const locale of LOCALES) {
    const folder = path.join(dir, localeFolder(locale), 'pagefind');
    const files = listFiles(folder, /./);
    const fixed = files.filter((file) => /(pagefind(-worker)?\.js|\.pagefind|\.pf_meta|entry\.json)$/.test(file));
    result[locale] = {all: sumWeights(files), everySearch: sumWeights(fixed)};
  }
  return result;
}

/** @param {ReturnType<typeof toOptions>} options */
async function main(options) {
  const date = new Date().toISOString();
  let build = null;
  if (options.build) {
    console.error('bench: a cold build of both locales (docusaurus clear first)...');
    await timed(bin('docusaurus'), ['clear']);
    // package.json's build command (its Node flags included), without npm and the post-build steps.
    const [node, ...args] = JSON.parse(readFileSync('package.json', 'utf8')).scripts.build.split(' ');
    const cold = await timed(node, [...args, '--out-dir', options.dir]);
    console.error(`bench: cold build ${cold.seconds} s; warm build...`);
    const warm = await timed(node, [...args, '--out-dir', options.dir]);
    console.error(`bench: warm build ${warm.seconds} s`);
    build = {locales: LOCALES, cold, warm};
  }
  if (!existsSync(path.join(options.dir, 'index.html'))) {
    throw new UsageError(`no build in ${options.dir}: run without --skip-build, or \`npm run build\` first`);
  }
  /** @type {[key: string, pagePath: string][]} */
  const pages = [];
  for (const [kind, pagePath] of Object.entries(benchPages)) {
    for (const locale of LOCALES) pages.push([`${kind}.${locale}`, `/${localeFolder(locale)}${pagePath.slice(1)}`]);
  }
  /** @type {Record<string, {path: string, firstLoad: ReturnType<typeof staticWeights>}>} */
  const weights = {};
  for (const [key, pagePath] of pages) {
    weights[key] = {path: pagePath, firstLoad: staticWeights(options.dir, pagePath)};
  }
  const report = {
    date,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    build,
    pages: weights,
    searchIndex: searchIndexes(options.dir),
    buildSize: {bytes: folderSize(options.dir), files: listFiles(options.dir, /./).length},
  };
  console.log(JSON.stringify(report, null, 2));
  return 0;
}

runCli(import.meta.url, command, (values) => main(toOptions(values)));
