import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';

/**
 * Files under `target` (a file or a folder, walked recursively) whose names match
 * `pattern`. A file named directly is returned whatever its name; a missing path gives [].
 * Hidden folders are skipped: a build's `.seerbox/` (src/utils/buildMeta.mjs) is never served.
 * @param {string} target
 * @param {RegExp} pattern
 * @returns {string[]}
 */
export function listFiles(target, pattern) {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : listFiles(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}
