import {execFileSync} from 'node:child_process';
import {existsSync, statfsSync} from 'node:fs';

/** Chromium's pages crash where /dev/shm is small (64 MB in Docker): /tmp there; elsewhere /dev/shm, 5–8 % faster. */
export function sharedMemoryArgs(dir = '/dev/shm', minBytes = 2 ** 30) {
  const room = existsSync(dir) ? statfsSync(dir) : {bavail: 0, bsize: 0};
  return room.bavail * room.bsize >= minBytes ? [] : ['--disable-dev-shm-usage'];
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

/** Debian's Chromium (no browser downloads here): CHROMIUM_PATH when set, else the first of `names` on PATH. */
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
 * For the tests and the PDF manuals: Debian's chromium-headless-shell, the build Playwright runs headless (tests in
 * 3/4 and manuals in 60 % of the full browser's time), else the full browser.
 */
export const headlessChromium = () => chromiumExecutable(['chromium-headless-shell', 'chromium', 'chromium-browser']);
