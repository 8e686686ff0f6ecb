// @ts-check
import {spawnSync} from 'node:child_process';

/**
 * The build's date, so that two builds of one commit are byte-identical: SOURCE_DATE_EPOCH
 * (seconds since 1970, the reproducible-builds.org convention) when set, else the time of the
 * commit checked out, else (a source archive without .git) now. security.txt's Expires, the PDF
 * covers and metadata and the offline bundle's archive entries all take their date from here.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function sourceDate(env = process.env) {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '') {
    if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, got "${epoch}"`);
    return new Date(Number(epoch) * 1000);
  }
  const commit = spawnSync('git', ['log', '-1', '--format=%ct'], {encoding: 'utf8'}).stdout?.trim();
  return commit && /^\d+$/.test(commit) ? new Date(Number(commit) * 1000) : new Date();
}
