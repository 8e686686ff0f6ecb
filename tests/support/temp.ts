// Temporary folders for tests. node:test runs each test file in its own process, so removing them
// when that process exits cleans up after every test of the file, whether it passed or not.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, {recursive: true, force: true});
});

/** A new empty folder under the system's temporary folder, removed when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `seerbox-${prefix}-`));
  made.push(dir);
  return dir;
}
