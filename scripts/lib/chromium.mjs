import {execFileSync} from 'node:child_process';
import {existsSync, statfsSync} from 'node:fs';

/**
 * Chromium keeps the memory its processes share in /dev/shm. Where that is small (64 MB in a Docker
 * container or `docker build`) pages crash, so Chromium is told to use /tmp instead; where it is
 * large, keeping it there made the browser tests 5–8 % faster (three alternated pairs).
 */
export function sharedMemoryArgs(dir = '/dev/shm', minBytes = 2 ** 30) {
  try {
    const {bavail, bsize} = statfsSync(dir);
    if (bavail * bsize >= minBytes) return [];
  } catch {
    // no such folder: /tmp it is
  }
  return ['--disable-dev-shm-usage'];
}

/** Flags that keep Chromium quiet and offline on machines without internet. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  ...sharedMemoryArgs(),
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Debian's Chromium (Playwright and Lighthouse cannot download browsers here): CHROMIUM_PATH when
 * set, otherwise the first of `names` on PATH.
 */
export function chromiumExecutable(names = ['chromium', 'chromium-browser']) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH points to a missing file: ${fromEnv}`);
    return fromEnv;
  }
  for (const name of names) {
    try {
      const found = execFileSync('which', [name], {encoding: 'utf8'}).trim();
      if (found) return found;
    } catch {
      // not on PATH, try the next name
    }
  }
  throw new Error(
    `Chromium not found (${names.join(', ')}): install Debian's "${names[0]}" package (apt-get install ${names[0]}) or set CHROMIUM_PATH.`,
  );
}

/**
 * The browser the tests and the PDF manuals use: Chromium's headless shell (Debian's
 * chromium-headless-shell, the build Playwright itself runs headless), which ran the browser tests
 * in three quarters and printed the manuals in 60 % of the full browser's time; the full browser
 * where the shell is not installed.
 */
export const headlessChromium = () => chromiumExecutable(['chromium-headless-shell', 'chromium', 'chromium-browser']);
