import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';

/** Flags that keep Chromium quiet and offline on machines without internet. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Debian's Chromium (Playwright and Lighthouse cannot download browsers here).
 * CHROMIUM_PATH overrides; otherwise the first `chromium` on PATH.
 */
export function chromiumExecutable() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to a missing file: ${fromEnv}`);
    return fromEnv;
  }
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('which', [name], {encoding: 'utf8'}).trim();
      if (found) return found;
    } catch {
      // not on PATH, try the next name
    }
  }
  throw new Error(
    'Chromium not found: install Debian\'s "chromium" package (apt-get install chromium) or set CHROMIUM_PATH.',
  );
}
